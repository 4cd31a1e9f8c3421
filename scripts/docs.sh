#!/bin/sh
# The API documentation of the library products (`make docs`): one DocC archive per catalog,
# .build/docs/MODULE.doccarchive, built by the toolchain's `docc` from the symbol graph the compiler
# emits while building MODULE (no swift-docc-plugin needed).
#
#   scripts/docs.sh             every module with a catalog, Sources/MODULE/MODULE.docc
#   scripts/docs.sh PagerCore   just those named
#
# Any DocC warning fails it: a ``Symbol`` link or <doc:Article> that resolves to nothing, a
# documented parameter the function does not have, a malformed topic. Documentation that points at
# a renamed type breaks the build instead of quietly rotting. A library documents itself by having
# a catalog; nothing here needs to change when one is added.
#
# The build has its own scratch folder (DOCS_SCRATCH), because emitting symbol graphs changes the
# compiler's flags: sharing .build would make the next `swift test` recompile everything.
set -eu
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SCRATCH=${DOCS_SCRATCH:-.build/docs-build}
OUTPUT=${DOCS_OUTPUT:-.build/docs}
# The docc of the same toolchain as swift, unless DOCC says otherwise.
if [ -z "${DOCC:-}" ]; then
    swift_path=$(command -v "$SWIFT")
    DOCC=$(dirname "$(readlink -f "$swift_path")")/docc
    [ -x "$DOCC" ] || DOCC=docc
fi

if [ $# -eq 0 ]; then
    for catalog in Sources/*/*.docc; do
        [ -d "$catalog" ] || continue
        set -- "$@" "$(basename "$catalog" .docc)"
    done
fi
if [ $# -eq 0 ]; then
    echo "docs: no catalog (Sources/MODULE/MODULE.docc) to build" >&2
    exit 1
fi

graphs="$PWD/$SCRATCH/symbol-graphs"
mkdir -p "$graphs" "$OUTPUT"
for module in "$@"; do
    catalog="Sources/$module/$module.docc"
    if [ ! -d "$catalog" ]; then
        echo "docs: $module has no catalog: expected $catalog" >&2
        exit 1
    fi

    # Public symbols only, without the members every Equatable or Hashable type gets for free.
    # The graphs of every module built land in one folder; docc is given only this module's.
    "$SWIFT" build --target "$module" --scratch-path "$SCRATCH" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public \
        -Xswiftc -symbol-graph-skip-synthesized-members
    if [ ! -f "$graphs/$module.symbols.json" ]; then
        # The build was up to date but the graphs were deleted: only a rebuild writes them again.
        echo "docs: no symbol graph for $module in $graphs; remove $SCRATCH and run again" >&2
        exit 1
    fi
    own="$SCRATCH/module-graphs/$module"
    rm -rf "$own"
    mkdir -p "$own"
    cp "$graphs/$module.symbols.json" "$own/"
    for extension in "$graphs/$module@"*.symbols.json; do
        [ -f "$extension" ] && cp "$extension" "$own/"
    done

    archive="$OUTPUT/$module.doccarchive"
    rm -rf "$archive"
    "$DOCC" convert "$catalog" \
        --additional-symbol-graph-dir "$own" \
        --output-path "$archive" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.pagervoice.$module" \
        --warnings-as-errors
    echo "Written: $archive"
done
