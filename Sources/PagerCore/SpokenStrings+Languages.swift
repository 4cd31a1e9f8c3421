// Where each string comes from. Users compare what PagerVoice says with what their phone says, so
// wherever a platform screen reader's own translation is public, the entry uses it and says so:
//
// - TalkBack XX: google/talkback, utils/src/main/res/values-XX/strings.xml. `announcement` is
//   `template_viewpager_index_count` ("Page %1$d of %2$d"), `value` is
//   `template_viewpager_index_count_short` ("%1$d of %2$d"), and `label` is that template's word
//   for page. TalkBack's own word order is kept (count first in ja, ko, hi, bn, tr).
// - VoiceOver XX: the adjustable trait's name and hint as cashapp/AccessibilitySnapshot records
//   VoiceOver's (Sources/AccessibilitySnapshot/Parser/Swift/Assets/XX.lproj/Localizable.strings,
//   `trait.adjustable.description` and `trait.adjustable.hint`). Public for en, de and ru only.
// - Ours: PagerVoice's wording where no platform string is public, in the register the platform
//   uses (imperative gesture hints, the adjective VoiceOver puts after the value). A native
//   speaker's correction is welcome; it changes one line.
//
// Numbers are ASCII digits everywhere: every voice reads them in its own language (Hebrew is the
// exception eSpeak NG still has: see `knownSilentDigits`).
extension SpokenStrings {
    /// The languages PagerVoice speaks. Add a language here (and its English name below); the
    /// tests walk every entry: placeholders, rendering, and synthesis in its voice.
    public static let table: [SpokenStrings] = [
        // TalkBack en; VoiceOver en.
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
        // TalkBack es (and b+es+419, the same words); trait, hint: ours.
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
        // Value: TalkBack ar. TalkBack's announcement has no article ("صفحة 2 من 3"); this one keeps
        // PagerVoice's "الصفحة" because recorded scripts and tests expect it. Trait, hint: ours.
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
        // TalkBack bg; trait, hint: ours.
        SpokenStrings(
            code: "bg", name: "Български", voice: "bg",
            label: "Страница",
            value: "{page} от {count}",
            none: "Няма",
            announcement: "Страница {page} от {count}",
            adjustableTrait: "регулируем",
            adjustableHint: "Плъзнете нагоре или надолу с един пръст, за да промените стойността.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Не е намерено"
        ),
        // TalkBack bn (count first, "of 3, number 2"); trait, hint: ours. Sentences end with the danda.
        SpokenStrings(
            code: "bn", name: "বাংলা", voice: "bn",
            label: "পৃষ্ঠা",
            value: "{count}টির মধ্যে {page} নং",
            none: "কোনোটি নয়",
            announcement: "{count}টির মধ্যে {page} নং পৃষ্ঠা",
            adjustableTrait: "সামঞ্জস্যযোগ্য",
            adjustableHint: "মান সামঞ্জস্য করতে এক আঙুল দিয়ে উপরে বা নিচে সোয়াইপ করুন।",
            focus: "{label}, {value}, {trait}। {hint}",
            terseFocus: "{label}, {value}, {trait}।",
            valueFocus: "{label}, {value}",
            notFound: "পাওয়া যায়নি"
        ),
        // TalkBack ca; trait, hint: ours.
        SpokenStrings(
            code: "ca", name: "Català", voice: "ca",
            label: "Pàgina",
            value: "{page} de {count}",
            none: "Cap",
            announcement: "Pàgina {page} de {count}",
            adjustableTrait: "ajustable",
            adjustableHint: "Llisca cap amunt o cap avall amb un dit per ajustar el valor.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "No s'ha trobat"
        ),
        // TalkBack cs; trait, hint: ours.
        SpokenStrings(
            code: "cs", name: "Čeština", voice: "cs",
            label: "Stránka",
            value: "{page} z {count}",
            none: "Žádná",
            announcement: "Stránka {page} z {count}",
            adjustableTrait: "nastavitelné",
            adjustableHint: "Hodnotu upravíte přejetím jedním prstem nahoru nebo dolů.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Nenalezeno"
        ),
        // TalkBack da; trait, hint: ours.
        SpokenStrings(
            code: "da", name: "Dansk", voice: "da",
            label: "Side",
            value: "{page} af {count}",
            none: "Ingen",
            announcement: "Side {page} af {count}",
            adjustableTrait: "justerbar",
            adjustableHint: "Stryg op eller ned med én finger for at justere værdien.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Ikke fundet"
        ),
        // TalkBack de; VoiceOver de ("Einstellbar.", lowercased mid-sentence as en's "adjustable").
        SpokenStrings(
            code: "de", name: "Deutsch", voice: "de",
            label: "Seite",
            value: "{page} von {count}",
            none: "Keine",
            announcement: "Seite {page} von {count}",
            adjustableTrait: "einstellbar",
            adjustableHint: "Zum Anpassen des Wertes mit einem Finger nach oben oder unten streichen.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Nicht gefunden"
        ),
        // TalkBack el; trait, hint: ours.
        SpokenStrings(
            code: "el", name: "Ελληνικά", voice: "el",
            label: "Σελίδα",
            value: "{page} από {count}",
            none: "Καμία",
            announcement: "Σελίδα {page} από {count}",
            adjustableTrait: "ρυθμιζόμενο",
            adjustableHint: "Σαρώστε προς τα πάνω ή προς τα κάτω με ένα δάχτυλο για να προσαρμόσετε την τιμή.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Δεν βρέθηκε"
        ),
        // TalkBack fa; trait, hint: ours. Persian comma (،) between parts, as ar.
        SpokenStrings(
            code: "fa", name: "فارسی", voice: "fa",
            label: "صفحه",
            value: "{page} از {count}",
            none: "هیچ",
            announcement: "صفحه {page} از {count}",
            adjustableTrait: "قابل تنظیم",
            adjustableHint: "برای تنظیم مقدار، با یک انگشت به بالا یا پایین بکشید.",
            focus: "{label}، {value}، {trait}. {hint}",
            terseFocus: "{label}، {value}، {trait}.",
            valueFocus: "{label}، {value}",
            notFound: "پیدا نشد"
        ),
        // TalkBack fi ("kautta" is how Finnish reads the slash of "2/3"; eSpeak NG reads "2/3" the
        // same way); trait, hint: ours.
        SpokenStrings(
            code: "fi", name: "Suomi", voice: "fi",
            label: "Sivu",
            value: "{page} kautta {count}",
            none: "Ei mitään",
            announcement: "Sivu {page} kautta {count}",
            adjustableTrait: "säädettävä",
            adjustableHint: "Säädä arvoa pyyhkäisemällä ylös tai alas yhdellä sormella.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Ei löytynyt"
        ),
        // TalkBack fr; trait, hint: ours.
        SpokenStrings(
            code: "fr", name: "Français", voice: "fr",
            label: "Page",
            value: "{page} sur {count}",
            none: "Aucune",
            announcement: "Page {page} sur {count}",
            adjustableTrait: "réglable",
            adjustableHint: "Balayez vers le haut ou vers le bas avec un doigt pour régler la valeur.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Introuvable"
        ),
        // TalkBack iw (Hebrew's old code); trait, hint: ours. eSpeak NG's Hebrew voice is marked
        // "testing" and reads no digits (see `knownSilentDigits`): the numbers are written anyway,
        // for the screen and for a better voice.
        SpokenStrings(
            code: "he", name: "עברית", voice: "he",
            label: "עמוד",
            value: "{page} מתוך {count}",
            none: "אין",
            announcement: "עמוד {page} מתוך {count}",
            adjustableTrait: "ניתן לכוונון",
            adjustableHint: "החליקו למעלה או למטה באצבע אחת כדי לכוונן את הערך.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "לא נמצא"
        ),
        // TalkBack hi (count first: "page, of 3, 2"); trait, hint: ours. Sentences end with the danda.
        SpokenStrings(
            code: "hi", name: "हिन्दी", voice: "hi",
            label: "पेज",
            value: "{count} में से {page}",
            none: "कोई नहीं",
            announcement: "पेज {count} में से {page}",
            adjustableTrait: "समायोज्य",
            adjustableHint: "मान समायोजित करने के लिए एक उंगली से ऊपर या नीचे स्वाइप करें।",
            focus: "{label}, {value}, {trait}। {hint}",
            terseFocus: "{label}, {value}, {trait}।",
            valueFocus: "{label}, {value}",
            notFound: "नहीं मिला"
        ),
        // Ours. TalkBack hu swaps its arguments ("%2$d/%1$d. oldal" says "3/2. oldal" on page 2 of
        // 3), so it is not followed: "2. oldal, összesen 3" is "page 2, 3 in all", and the value
        // keeps the slash Hungarian reads as "per".
        SpokenStrings(
            code: "hu", name: "Magyar", voice: "hu",
            label: "Oldal",
            value: "{page}/{count}",
            none: "Nincs",
            announcement: "{page}. oldal, összesen {count}",
            adjustableTrait: "állítható",
            adjustableHint: "Az érték módosításához legyintsen egy ujjal felfelé vagy lefelé.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Nem található"
        ),
        // TalkBack in (Indonesian's old code); trait, hint: ours.
        SpokenStrings(
            code: "id", name: "Bahasa Indonesia", voice: "id",
            label: "Halaman",
            value: "{page} dari {count}",
            none: "Tidak ada",
            announcement: "Halaman {page} dari {count}",
            adjustableTrait: "dapat disesuaikan",
            adjustableHint: "Geser ke atas atau ke bawah dengan satu jari untuk menyesuaikan nilai.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Tidak ditemukan"
        ),
        // TalkBack it; trait, hint: ours.
        SpokenStrings(
            code: "it", name: "Italiano", voice: "it",
            label: "Pagina",
            value: "{page} di {count}",
            none: "Nessuna",
            announcement: "Pagina {page} di {count}",
            adjustableTrait: "regolabile",
            adjustableHint: "Scorri verso l'alto o verso il basso con un dito per regolare il valore.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Non trovato"
        ),
        // TalkBack ja ("%2$d ページ中 %1$d ページ目です"), written in kana: eSpeak NG's Japanese voice
        // reads kana only and says "Chinese letter" in English for every kanji (中, 目, 調整…).
        // Trait ("調整可能") and hint: ours, in kana for the same reason.
        SpokenStrings(
            code: "ja", name: "日本語", voice: "ja",
            label: "ページ",
            value: "{count} ページちゅう {page} ページめ",
            none: "なし",
            announcement: "{count} ページちゅう {page} ページめです",
            adjustableTrait: "ちょうせいかのう",
            adjustableHint: "いっぽんの ゆびで うえ または したに スワイプして、あたいを ちょうせいします。",
            focus: "{label}、{value}、{trait}。{hint}",
            terseFocus: "{label}、{value}、{trait}。",
            valueFocus: "{label}、{value}",
            notFound: "みつかりません"
        ),
        // TalkBack ko (count first: "of 3 pages, page 2"); trait, hint: ours.
        SpokenStrings(
            code: "ko", name: "한국어", voice: "ko",
            label: "페이지",
            value: "{count}페이지 중 {page}페이지",
            none: "없음",
            announcement: "총 {count}페이지 중 {page}페이지",
            adjustableTrait: "조절 가능",
            adjustableHint: "값을 조절하려면 한 손가락으로 위나 아래로 쓸어넘기십시오.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "찾을 수 없음"
        ),
        // TalkBack ms; trait, hint: ours.
        SpokenStrings(
            code: "ms", name: "Bahasa Melayu", voice: "ms",
            label: "Halaman",
            value: "{page} daripada {count}",
            none: "Tiada",
            announcement: "Halaman {page} daripada {count}",
            adjustableTrait: "boleh dilaraskan",
            adjustableHint: "Leret ke atas atau ke bawah dengan satu jari untuk melaraskan nilai.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Tidak ditemui"
        ),
        // Ours: the stored TalkBack nb file has no page template; these are TalkBack da/sv's words
        // in Bokmål. Also spoken for `no` and `nn` (see LanguageTag.translation).
        SpokenStrings(
            code: "nb", name: "Norsk bokmål", voice: "nb",
            label: "Side",
            value: "{page} av {count}",
            none: "Ingen",
            announcement: "Side {page} av {count}",
            adjustableTrait: "justerbar",
            adjustableHint: "Sveip opp eller ned med én finger for å justere verdien.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Ikke funnet"
        ),
        // TalkBack nl; trait, hint: ours.
        SpokenStrings(
            code: "nl", name: "Nederlands", voice: "nl",
            label: "Pagina",
            value: "{page} van {count}",
            none: "Geen",
            announcement: "Pagina {page} van {count}",
            adjustableTrait: "aanpasbaar",
            adjustableHint: "Veeg met één vinger omhoog of omlaag om de waarde aan te passen.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Niet gevonden"
        ),
        // TalkBack pl; trait, hint: ours.
        SpokenStrings(
            code: "pl", name: "Polski", voice: "pl",
            label: "Strona",
            value: "{page} z {count}",
            none: "Brak",
            announcement: "Strona {page} z {count}",
            adjustableTrait: "regulowany",
            adjustableHint: "Przesuń jednym palcem w górę lub w dół, aby dostosować wartość.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Nie znaleziono"
        ),
        // TalkBack pt-rBR; trait, hint: ours. The default for `pt` (see LanguageTag.translation).
        SpokenStrings(
            code: "pt-BR", name: "Português (Brasil)", voice: "pt-br",
            label: "Página",
            value: "{page} de {count}",
            none: "Nenhuma",
            announcement: "Página {page} de {count}",
            adjustableTrait: "ajustável",
            adjustableHint: "Deslize para cima ou para baixo com um dedo para ajustar o valor.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Não encontrado"
        ),
        // TalkBack pt-rPT (the same words as Brazil; the voice and the hint's verb differ); trait,
        // hint: ours.
        SpokenStrings(
            code: "pt-PT", name: "Português (Portugal)", voice: "pt",
            label: "Página",
            value: "{page} de {count}",
            none: "Nenhuma",
            announcement: "Página {page} de {count}",
            adjustableTrait: "ajustável",
            adjustableHint: "Passe um dedo para cima ou para baixo para ajustar o valor.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Não encontrado"
        ),
        // TalkBack ro; trait, hint: ours.
        SpokenStrings(
            code: "ro", name: "Română", voice: "ro",
            label: "Pagina",
            value: "{page} din {count}",
            none: "Niciuna",
            announcement: "Pagina {page} din {count}",
            adjustableTrait: "ajustabil",
            adjustableHint: "Glisați în sus sau în jos cu un deget pentru a ajusta valoarea.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Nu a fost găsit"
        ),
        // TalkBack ru; VoiceOver ru ("Элемент регулировки.").
        SpokenStrings(
            code: "ru", name: "Русский", voice: "ru",
            label: "Страница",
            value: "{page} из {count}",
            none: "Нет",
            announcement: "Страница {page} из {count}",
            adjustableTrait: "элемент регулировки",
            adjustableHint: "Смахните вверх или вниз одним пальцем, чтобы настроить значение.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Не найдено"
        ),
        // TalkBack sk; trait, hint: ours.
        SpokenStrings(
            code: "sk", name: "Slovenčina", voice: "sk",
            label: "Stránka",
            value: "{page} z {count}",
            none: "Žiadna",
            announcement: "Stránka {page} z {count}",
            adjustableTrait: "nastaviteľné",
            adjustableHint: "Hodnotu upravíte potiahnutím jedným prstom nahor alebo nadol.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Nenašlo sa"
        ),
        // TalkBack sv; trait, hint: ours.
        SpokenStrings(
            code: "sv", name: "Svenska", voice: "sv",
            label: "Sida",
            value: "{page} av {count}",
            none: "Ingen",
            announcement: "Sida {page} av {count}",
            adjustableTrait: "justerbar",
            adjustableHint: "Svep uppåt eller nedåt med ett finger för att justera värdet.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Hittades inte"
        ),
        // TalkBack tr (count first: "of 3 pages in all, 2."); the value drops the final period that
        // would meet the focus template's comma. Trait, hint: ours.
        SpokenStrings(
            code: "tr", name: "Türkçe", voice: "tr",
            label: "Sayfa",
            value: "Toplam {count} sayfadan {page}",
            none: "Yok",
            announcement: "Toplam {count} sayfadan {page}.",
            adjustableTrait: "ayarlanabilir",
            adjustableHint: "Değeri ayarlamak için tek parmağınızla yukarı veya aşağı kaydırın.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Bulunamadı"
        ),
        // TalkBack uk; trait in VoiceOver ru's pattern ("element of adjustment"), hint: ours.
        SpokenStrings(
            code: "uk", name: "Українська", voice: "uk",
            label: "Сторінка",
            value: "{page} з {count}",
            none: "Немає",
            announcement: "Сторінка {page} з {count}",
            adjustableTrait: "елемент регулювання",
            adjustableHint: "Проведіть одним пальцем угору або вниз, щоб змінити значення.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Не знайдено"
        ),
        // TalkBack vi; the value says "trên" as the announcement does, not the short string's
        // "2 / 3", whose slash eSpeak NG skips. Trait, hint: ours.
        SpokenStrings(
            code: "vi", name: "Tiếng Việt", voice: "vi",
            label: "Trang",
            value: "{page} trên {count}",
            none: "Không có",
            announcement: "Trang {page} trên {count}",
            adjustableTrait: "có thể điều chỉnh",
            adjustableHint: "Vuốt lên hoặc xuống bằng một ngón tay để điều chỉnh giá trị.",
            focus: "{label}, {value}, {trait}. {hint}",
            terseFocus: "{label}, {value}, {trait}.",
            valueFocus: "{label}, {value}",
            notFound: "Không tìm thấy"
        ),
        // TalkBack zh-rHK (Cantonese: "of 3 pages, the 2nd page"); label: TalkBack zh-rCN's
        // value_pager_page (页面) in Traditional characters; trait, hint: ours. Spoken for zh-HK and
        // zh-MO (see LanguageTag.translation).
        SpokenStrings(
            code: "yue", name: "粵語", voice: "yue",
            label: "頁面",
            value: "{count} 頁中嘅第 {page} 頁",
            none: "冇",
            announcement: "{count} 頁中嘅第 {page} 頁",
            adjustableTrait: "可調整",
            adjustableHint: "用一隻手指向上或者向下掃嚟調整數值。",
            focus: "{label}，{value}，{trait}。{hint}",
            terseFocus: "{label}，{value}，{trait}。",
            valueFocus: "{label}，{value}",
            notFound: "搵唔到"
        ),
        // TalkBack zh-rCN, label from its strings_compositor.xml (value_pager_page); trait, hint:
        // ours. Voice: Mandarin with Latin read as pinyin, because eSpeak NG 1.51's plain "cmn"
        // voice reads most characters as pinyin spelled in English ("页" as "ye four";
        // espeak-ng/espeak-ng#1236).
        SpokenStrings(
            code: "zh", name: "中文（简体）", voice: "cmn-latn-pinyin",
            label: "页面",
            value: "第 {page} 页，共 {count} 页",
            none: "无",
            announcement: "第 {page} 页，共 {count} 页",
            adjustableTrait: "可调整",
            adjustableHint: "用一根手指向上或向下轻扫来调整值。",
            focus: "{label}，{value}，{trait}。{hint}",
            terseFocus: "{label}，{value}，{trait}。",
            valueFocus: "{label}，{value}",
            notFound: "未找到"
        ),
        // TalkBack zh-rTW; label as yue; trait, hint: ours. Mandarin voice as zh.
        SpokenStrings(
            code: "zh-Hant", name: "中文（繁體）", voice: "cmn-latn-pinyin",
            label: "頁面",
            value: "第 {page} 頁，共 {count} 頁",
            none: "無",
            announcement: "第 {page} 頁，共 {count} 頁",
            adjustableTrait: "可調整",
            adjustableHint: "用一根手指向上或向下滑動來調整數值。",
            focus: "{label}，{value}，{trait}。{hint}",
            terseFocus: "{label}，{value}，{trait}。",
            valueFocus: "{label}，{value}",
            notFound: "找不到"
        ),
    ]

    /// Each language's name in English, for error messages and for people who cannot read the
    /// language's own name (`name`). Keyed by `code`; a test checks every entry has one.
    public static let englishNames: [String: String] = [
        "en": "English", "es": "Spanish", "ar": "Arabic", "bg": "Bulgarian", "bn": "Bengali", "ca": "Catalan",
        "cs": "Czech", "da": "Danish", "de": "German", "el": "Greek", "fa": "Persian", "fi": "Finnish",
        "fr": "French", "he": "Hebrew", "hi": "Hindi", "hu": "Hungarian", "id": "Indonesian", "it": "Italian",
        "ja": "Japanese", "ko": "Korean", "ms": "Malay", "nb": "Norwegian Bokmål", "nl": "Dutch", "pl": "Polish",
        "pt-BR": "Portuguese (Brazil)", "pt-PT": "Portuguese (Portugal)", "ro": "Romanian", "ru": "Russian",
        "sk": "Slovak", "sv": "Swedish", "tr": "Turkish", "uk": "Ukrainian", "vi": "Vietnamese",
        "yue": "Cantonese", "zh": "Chinese (Simplified)", "zh-Hant": "Chinese (Traditional)",
    ]

    /// Languages whose eSpeak NG voice (1.51) says nothing for ASCII digits, so "page 2 of 3"
    /// and "page 3 of 3" sound the same. The synthesis test asserts exactly this list, so it fails
    /// (and this list shrinks) the day a newer eSpeak NG reads them.
    public static let knownSilentDigits: Set<String> = ["he"]
}
