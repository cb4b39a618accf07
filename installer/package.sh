#!/usr/bin/env bash
# Builds the installers from target/parley.jar + target/lib: a jlink runtime, a jpackage app-image, and on Linux a
# .deb (needs fakeroot and dpkg-deb). Arguments live in installer/*.args. Run by `./mvnw -Pinstaller package`.
# Windows (.msi, needs WiX) and macOS (.dmg): see docs/console.md, "Installers".
set -euo pipefail
cd "$(dirname "$0")/.."
JDK=${1:-${JAVA_HOME:?set JAVA_HOME to a JDK 25}}
# The jpackage on the PATH may belong to an older JDK: always use the JDK 25 one.
JLINK="$JDK/bin/jlink"
JPACKAGE="$JDK/bin/jpackage"
MANIFEST_DIR=$(mktemp -d)
(cd "$MANIFEST_DIR" && "$JDK/bin/jar" xf "$OLDPWD/target/parley.jar" META-INF/MANIFEST.MF)
VERSION=$(sed -n 's/^Implementation-Version: *//p' "$MANIFEST_DIR/META-INF/MANIFEST.MF" | tr -d '\r')
rm -rf "$MANIFEST_DIR"
APP_VERSION=${VERSION%%-*}

rm -rf target/installer target/installer-input target/runtime
mkdir -p target/installer-input target/installer
cp target/parley.jar target/installer-input/
cp -r target/lib target/installer-input/lib

"$JLINK" @installer/jlink.args --output target/runtime
"$JPACKAGE" @installer/jpackage-common.args --type app-image --app-version "$APP_VERSION" \
  --input target/installer-input --runtime-image target/runtime --dest target/installer
echo "installer: app-image target/installer/parley"

if [ "$(uname -s)" = Linux ] && command -v fakeroot >/dev/null && command -v dpkg-deb >/dev/null; then
  "$JPACKAGE" @installer/jpackage-linux.args --type deb --app-version "$APP_VERSION" \
    --app-image target/installer/parley --dest target/installer
  ls target/installer/*.deb
else
  echo "installer: skipping .deb (needs Linux with fakeroot and dpkg-deb)"
fi
