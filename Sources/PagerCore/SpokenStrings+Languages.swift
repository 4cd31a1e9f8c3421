extension SpokenStrings {
    /// The languages PagerVoice speaks. Add a language here.
    public static let table: [SpokenStrings] = [
        SpokenStrings(
            code: "en", name: "English", voice: "en",
            label: "Page",
            value: "{page} of {count}",
            none: "None",
            announcement: "Page {page} of {count}",
            adjustableTrait: "adjustable",
            adjustableHint: "Swipe up or down with one finger to adjust the value.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Not found"
        ),
        SpokenStrings(
            code: "es", name: "Español", voice: "es",
            label: "Página",
            value: "{page} de {count}",
            none: "Ninguna",
            announcement: "Página {page} de {count}",
            adjustableTrait: "ajustable",
            adjustableHint: "Desliza hacia arriba o hacia abajo con un dedo para ajustar el valor.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "No se encontró"
        ),
        SpokenStrings(
            code: "ar", name: "العربية", voice: "ar",
            label: "الصفحة",
            value: "{page} من {count}",
            none: "لا شيء",
            announcement: "الصفحة {page} من {count}",
            adjustableTrait: "قابل للتعديل",
            adjustableHint: "اسحب لأعلى أو لأسفل بإصبع واحد لتعديل القيمة.",
            focus: "{label}، {value}، {trait}. {hint}",
            terseFocus: "{label}، {value}، {trait}.",
            valueFocus: "{label}، {value}",
            notFound: "لم يتم العثور عليه"
        ),
    ]

}
