# find_guide: sets $guide to the guide binary a script should run: $GUIDE when set, else the
# newer of this checkout's release and debug builds, else a debug build made now. An absolute path.
find_guide() {
    guide=${GUIDE:-}
    if [ -z "$guide" ]; then
        for candidate in .build/release/guide .build/debug/guide; do
            if [ -x "$candidate" ] && { [ -z "$guide" ] || [ "$candidate" -nt "$guide" ]; }; then guide=$candidate; fi
        done
    fi
    if [ -z "$guide" ]; then
        swift build --product guide >&2
        guide=.build/debug/guide
    fi
    guide=$(cd "$(dirname "$guide")" && pwd)/$(basename "$guide")
}
