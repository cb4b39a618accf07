#!/usr/bin/env bash
# Runs the real console under Xvfb on a demo store and saves a PNG of each main view, light and dark,
# into docs/screenshots/. Needs: xvfb (xvfb-run), libgtk-3-0, a JDK 25.
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
JAVA="$JAVA_HOME/bin/java --enable-native-access=ALL-UNNAMED"
DEMO_HOME=${PARLEY_DEMO_HOME:-target/screenshot-home}
CONVERSATIONS=${CONVERSATIONS:-3000}
OUT=${OUT:-docs/screenshots}

[ -f target/parley.jar ] || ./mvnw -q -B package -DskipTests
rm -rf "$DEMO_HOME"
$JAVA -jar target/parley.jar --home "$DEMO_HOME" demo --conversations "$CONVERSATIONS" >/dev/null
printf 'operator.name=Dana Operator\ntheme=light\n' > "$DEMO_HOME/console.properties"
mkdir -p "$OUT"
# The tour switches views, saves PNGs and closes the window, which shuts Parley down.
xvfb-run -a -s "-screen 0 1400x900x24" $JAVA -Dparley.console.screenshots="$OUT" -Dparley.console.quiet=true \
  -jar target/parley.jar --home "$DEMO_HOME" console --port 0
ls -1 "$OUT"/*.png
