import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipFile;

/**
 * The Debian package, laid out as Debian expects rather than as jpackage's own .deb does: the app-image under
 * {@code /opt/parley-console}, the {@code parley} command in {@code /usr/bin}, the desktop entry and the icons in
 * {@code /usr/share} (found by every desktop without xdg-utils or maintainer scripts), the copyright, third-party
 * notices and changelog in {@code /usr/share/doc/parley-console}. {@code Depends} is what dpkg-shlibdeps computes from
 * every native library that can be loaded: the runtime's, the launcher's and those inside the jars (JavaFX, and any
 * later dependency that carries some); the build fails when one of them needs a library no package provides.
 */
final class DebPackage {
    static final String NAME = "parley-console";
    private static final Path TEMPLATES = Path.of("installer/linux");
    private static final Path ICONS = Path.of("installer/icons");
    private static final int[] ICON_SIZES = {16, 24, 32, 48, 64, 128, 256, 512};

    private DebPackage() {
    }

    static boolean toolsPresent() {
        return onPath("dpkg-deb") && onPath("dpkg-shlibdeps") && onPath("dpkg") && onPath("objdump");
    }

    static Path build(Path appImage, String version, List<Path> jars) throws IOException, InterruptedException {
        var root = Package.WORK.resolve("deb");
        var install = root.resolve("opt").resolve(NAME);
        Files.createDirectories(install.getParent());
        Package.copyTree(appImage, install);

        var bin = Files.createDirectories(root.resolve("usr/bin"));
        Files.createSymbolicLink(bin.resolve("parley"), Path.of("/opt", NAME, "bin", "parley"));

        var share = root.resolve("usr/share");
        Files.createDirectories(share.resolve("applications"));
        Files.copy(TEMPLATES.resolve(NAME + ".desktop"), share.resolve("applications/" + NAME + ".desktop"));
        for (int size : ICON_SIZES) {
            var dir = Files.createDirectories(share.resolve("icons/hicolor/" + size + "x" + size + "/apps"));
            Files.copy(ICONS.resolve("parley-" + size + ".png"), dir.resolve(NAME + ".png"));
        }
        var scalable = Files.createDirectories(share.resolve("icons/hicolor/scalable/apps"));
        Files.copy(ICONS.resolve("parley.svg"), scalable.resolve(NAME + ".svg"));
        Files.createDirectories(share.resolve("metainfo"));
        Files.writeString(share.resolve("metainfo/" + NAME + ".metainfo.xml"),
                Files.readString(TEMPLATES.resolve(NAME + ".metainfo.xml")).replace("${VERSION}", version)
                        .replace("${DATE}", today()));

        var doc = Files.createDirectories(share.resolve("doc").resolve(NAME));
        Files.copy(TEMPLATES.resolve("copyright"), doc.resolve("copyright"));
        Files.copy(Package.WORK.resolve("legal/THIRD-PARTY.txt"), doc.resolve("THIRD-PARTY.txt"));
        gzip(changelog(version), doc.resolve("changelog.Debian.gz"));
        var man = Files.createDirectories(share.resolve("man/man1"));
        gzip(Files.readString(TEMPLATES.resolve("parley.1")).replace("${VERSION}", version)
                .replace("${DATE}", today()), man.resolve("parley.1.gz"));

        normalisePermissions(root);
        var control = Files.createDirectories(root.resolve("DEBIAN"));
        var depends = shlibDepends(root, install, jars);
        var fields = Map.of("${VERSION}", version, "${ARCH}", output("dpkg", "--print-architecture").strip(),
                "${INSTALLED_SIZE}", Long.toString(installedSizeKib(root)), "${DEPENDS}", depends);
        var text = Files.readString(TEMPLATES.resolve("control"));
        for (var field : fields.entrySet()) text = text.replace(field.getKey(), field.getValue());
        Files.writeString(control.resolve("control"), text);
        Files.writeString(control.resolve("md5sums"), md5sums(root));
        setMode(control, "rwxr-xr-x");
        setMode(control.resolve("control"), "rw-r--r--");
        setMode(control.resolve("md5sums"), "rw-r--r--");

        var deb = Package.DEST.resolve(NAME + "_" + version + "_" + fields.get("${ARCH}") + ".deb");
        // zstd at level 12: 8 times less CPU than xz -6 for a 15 % larger file (docs/installers.md, "Sizes"); every
        // dpkg that can satisfy Depends (libc6 >= 2.34: Debian 12, Ubuntu 22.04 and later) reads zstd.
        Package.run("dpkg-deb", "--root-owner-group", "-Zzstd", "-z12", "--build", root.toString(),
                deb.toString());
        Package.log(".deb " + deb + "  Depends: " + depends);
        return deb;
    }

    /**
     * Debian's own dependency computation over every ELF file of this machine's architecture that the package can
     * load: the image's, and the native libraries carried inside the jars (extracted for the analysis only).
     */
    private static String shlibDepends(Path root, Path install, List<Path> jars)
            throws IOException, InterruptedException {
        var scratch = root.resolve("opt").resolve(NAME + ".jar-natives");
        Files.createDirectories(scratch);
        try {
            var jarLibraryDirs = new ArrayList<String>();
            for (var jar : jars) extractNatives(jar, scratch, jarLibraryDirs);
            var elves = new ArrayList<Path>();
            try (var files = Files.walk(root.resolve("opt"))) {
                for (var p : files.filter(p -> Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                        .sorted().toList()) {
                    if (isElfHere(p)) elves.add(p);
                }
            }
            var command = new ArrayList<>(List.of("dpkg-shlibdeps", "-O", "--warnings=1"));
            for (var dir : List.of("lib/runtime/lib", "lib/runtime/lib/server", "lib")) {
                command.add("-l" + root.relativize(install.resolve(dir)));
            }
            for (var dir : jarLibraryDirs) command.add("-l" + dir);
            // absolute paths: dpkg-shlibdeps finds the package root (DEBIAN/) above each file, and so $ORIGIN
            for (var elf : elves) command.add("-e" + elf.toAbsolutePath());
            Files.createDirectories(root.resolve("debian"));
            Files.writeString(root.resolve("debian/control"),
                    "Source: " + NAME + "\n\nPackage: " + NAME + "\nArchitecture: any\n");
            Files.createDirectories(root.resolve("DEBIAN"));
            var out = outputIn(root, command);
            var line = out.lines().filter(l -> l.startsWith("shlibs:Depends=")).findFirst()
                    .orElseThrow(() -> new IOException("dpkg-shlibdeps printed no shlibs:Depends: " + out));
            Package.log("dpkg-shlibdeps over " + elves.size() + " native files");
            return line.substring("shlibs:Depends=".length()).strip();
        } finally {
            RuntimeModules.deleteTree(scratch);
            RuntimeModules.deleteTree(root.resolve("debian"));
        }
    }

    /**
     * The jar's native libraries for this machine, each under its own name in a directory of the jar's, plus a link
     * named after its SONAME when that differs (ONNX Runtime's JNI library needs libonnxruntime.so.1, which the jar
     * carries as libonnxruntime.so), so that dpkg-shlibdeps resolves one shipped library against another.
     */
    private static void extractNatives(Path jar, Path scratch, List<String> libraryDirs)
            throws IOException, InterruptedException {
        var dir = scratch.resolve(jar.getFileName().toString().replaceFirst("\\.jar$", ""));
        try (var zip = new ZipFile(jar.toFile())) {
            for (var entry : zip.stream().filter(e -> !e.isDirectory() && e.getName().contains(".so")).toList()) {
                byte[] bytes;
                try (var in = zip.getInputStream(entry)) {
                    bytes = in.readAllBytes();
                }
                if (!Natives.loadableHere(bytes) || Natives.FOREIGN_OS.matcher(entry.getName()).find()) continue;
                Files.createDirectories(dir);
                var file = dir.resolve(Path.of(entry.getName()).getFileName().toString());
                Files.write(file, bytes);
                var soname = output("objdump", "-p", file.toString()).lines().map(String::strip)
                        .filter(l -> l.startsWith("SONAME")).map(l -> l.substring("SONAME".length()).strip())
                        .findFirst();
                if (soname.isPresent() && !soname.get().contains("/")
                        && !soname.get().equals(file.getFileName().toString())
                        && Files.notExists(dir.resolve(soname.get()))) {
                    Files.createSymbolicLink(dir.resolve(soname.get()), file.getFileName());
                }
            }
        }
        if (Files.isDirectory(dir)) libraryDirs.add(dir.toAbsolutePath().toString());
    }

    private static void normalisePermissions(Path root) throws IOException {
        try (var files = Files.walk(root)) {
            for (var p : files.toList()) {
                if (Files.isSymbolicLink(p)) continue;
                if (Files.isDirectory(p)) {
                    setMode(p, "rwxr-xr-x");
                } else {
                    setMode(p, Files.isExecutable(p) ? "rwxr-xr-x" : "rw-r--r--");
                }
            }
        }
    }

    private static void setMode(Path p, String mode) throws IOException {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
    }

    private static long installedSizeKib(Path root) throws IOException {
        long kib = 0;
        try (var files = Files.walk(root)) {
            for (var p : files.filter(p -> !p.startsWith(root.resolve("DEBIAN"))).toList()) {
                kib += Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS) ? (Files.size(p) + 1023) / 1024 : 1;
            }
        }
        return kib;
    }

    private static String md5sums(Path root) throws IOException {
        var text = new StringBuilder();
        try (var files = Files.walk(root)) {
            for (var p : files.filter(p -> Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> !p.startsWith(root.resolve("DEBIAN"))).sorted().toList()) {
                try {
                    var md5 = MessageDigest.getInstance("MD5");
                    try (var in = Files.newInputStream(p)) {
                        var buffer = new byte[1 << 16];
                        for (int n; (n = in.read(buffer)) > 0; ) md5.update(buffer, 0, n);
                    }
                    text.append(HexFormat.of().formatHex(md5.digest())).append("  ")
                            .append(root.relativize(p)).append('\n');
                } catch (java.security.NoSuchAlgorithmException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return text.toString();
    }

    private static String changelog(String version) throws IOException {
        var control = Files.readString(TEMPLATES.resolve("control"));
        var maintainer = control.lines().filter(l -> l.startsWith("Maintainer:")).findFirst()
                .orElseThrow().substring("Maintainer:".length()).strip();
        var date = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.RFC_1123_DATE_TIME.withLocale(Locale.ROOT));
        return NAME + " (" + version + ") stable; urgency=medium\n\n  * Parley " + version
                + ": see the project's release notes.\n\n -- " + maintainer + "  " + date + "\n";
    }

    private static String today() {
        return java.time.LocalDate.now(ZoneOffset.UTC).toString();
    }

    private static void gzip(String text, Path file) throws IOException {
        try (var out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static boolean onPath(String command) {
        for (var dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) return true;
        }
        return false;
    }

    static String output(String... command) throws IOException, InterruptedException {
        return outputIn(Path.of("."), List.of(command));
    }

    private static String outputIn(Path dir, List<String> command) throws IOException, InterruptedException {
        var process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        var out = new ByteArrayOutputStream();
        process.getInputStream().transferTo(out);
        var text = out.toString(StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException(command.getFirst() + " exited with " + process.exitValue() + ":\n" + text);
        }
        return text;
    }

    private static boolean isElfHere(Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            return Natives.loadableHere(in.readNBytes(20));
        }
    }
}
