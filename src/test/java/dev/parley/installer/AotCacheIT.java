package dev.parley.installer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AOT cache the installer build makes for the Linux app-image (installer/tool/AotCache.java): the launcher as
 * shipped maps it, and a cache that is stale (a jar changed after it was made) or missing only costs what it would
 * have saved: Parley still starts, exits 0, and its standard output holds only its own output (the JVM's complaint
 * goes to stderr).
 */
@EnabledOnOs(OS.LINUX)
class AotCacheIT {
    private static final Path IMAGE = Path.of("target/installer/parley");
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** {@code -XX:AOTMode=on}: a cache that cannot be mapped stops the JVM, instead of being passed over. */
    private static final Map<String, String> CACHE_REQUIRED = Map.of("JAVA_TOOL_OPTIONS", "-XX:AOTMode=on");

    @TempDir Path dir;

    @Test
    void theImageShipsACacheThatItsLauncherMaps() throws Exception {
        assertThat(IMAGE.resolve("lib/app/parley.aot")).isRegularFile();
        assertThat(Files.readString(IMAGE.resolve("lib/app/parley.cfg")))
                .contains("java-options=-XX:AOTCache=$APPDIR/parley.aot")
                .contains("java-options=-Xlog:all=warning:stderr")
                .contains("java-options=-Xlog:aot*=error:stderr");
        var required = InstalledParley.runSeparately(AppImageIT.LAUNCHER, CACHE_REQUIRED, TIMEOUT, "--version");
        assertThat(required.code()).as(required.stderr()).isZero();
        assertThat(required.stdout()).isEqualTo("parley " + Installers.releaseVersion() + "\n");

        var plain = InstalledParley.runSeparately(AppImageIT.LAUNCHER, Map.of(), TIMEOUT, "--version");
        assertThat(plain.code()).isZero();
        assertThat(plain.stdout()).isEqualTo("parley " + Installers.releaseVersion() + "\n");
        assertThat(plain.stderr()).as("the JVM's AOT warnings of a cache that maps are not shown").isEmpty();
    }

    @Test
    void aStaleCacheIsPassedOverWithItsComplaintOnStderr() throws Exception {
        var copy = imageCopy("stale", true);
        var jar = copy.resolve("lib/app/parley.jar");
        Files.copy(IMAGE.resolve("lib/app/parley.jar"), jar, StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
        var launcher = copy.resolve("bin/parley");

        var required = InstalledParley.runSeparately(launcher, CACHE_REQUIRED, TIMEOUT, "--version");
        assertThat(required.code()).as("the copy's cache really is stale: " + required.stderr()).isNotZero();

        var result = InstalledParley.runSeparately(launcher, Map.of(), TIMEOUT, "--version");
        assertThat(result.code()).as(result.stderr()).isZero();
        assertThat(result.stdout()).isEqualTo("parley " + Installers.releaseVersion() + "\n");
        assertThat(result.stderr()).contains("[aot]").contains("shared class paths mismatch");
    }

    @Test
    void aMissingCacheIsPassedOverWithItsComplaintOnStderr() throws Exception {
        var launcher = imageCopy("missing", false).resolve("bin/parley");

        var result = InstalledParley.runSeparately(launcher, Map.of(), TIMEOUT, "--version");
        assertThat(result.code()).as(result.stderr()).isZero();
        assertThat(result.stdout()).isEqualTo("parley " + Installers.releaseVersion() + "\n");
        assertThat(result.stderr()).contains("[error][aot]");
    }

    @Test
    void theImageCopyOfTheseTestsMapsTheCacheWhenNothingChanged() throws Exception {
        var launcher = imageCopy("intact", true).resolve("bin/parley");
        var required = InstalledParley.runSeparately(launcher, CACHE_REQUIRED, TIMEOUT, "--version");
        assertThat(required.code()).as(required.stderr()).isZero();
    }

    /**
     * A copy of the image that costs little: the launcher and the .cfg copied, everything else (the runtime, the
     * jars, with their times, and the cache when {@code withCache}) linked to the original. The launcher finds its
     * .cfg and its {@code $APPDIR} next to itself, so it runs the copy.
     */
    private Path imageCopy(String name, boolean withCache) throws Exception {
        var copy = dir.resolve(name);
        var app = Files.createDirectories(copy.resolve("lib/app"));
        Files.createDirectories(copy.resolve("bin"));
        Files.copy(IMAGE.resolve("bin/parley"), copy.resolve("bin/parley"), StandardCopyOption.COPY_ATTRIBUTES);
        try (var lib = Files.list(IMAGE.resolve("lib"))) {
            for (var entry : lib.toList()) {
                if (entry.getFileName().toString().equals("app")) continue;
                Files.createSymbolicLink(copy.resolve("lib").resolve(entry.getFileName()), entry.toAbsolutePath());
            }
        }
        try (var files = Files.list(IMAGE.resolve("lib/app"))) {
            for (var entry : files.toList()) {
                var fileName = entry.getFileName().toString();
                if (fileName.endsWith(".cfg") || fileName.startsWith(".")) {
                    Files.copy(entry, app.resolve(fileName), StandardCopyOption.COPY_ATTRIBUTES);
                } else if (withCache || !fileName.equals("parley.aot")) {
                    Files.createSymbolicLink(app.resolve(fileName), entry.toAbsolutePath());
                }
            }
        }
        return copy;
    }
}
