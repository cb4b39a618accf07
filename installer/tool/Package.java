import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Builds Parley's installers from {@code target/parley.jar} and {@code target/lib} (docs/installers.md):
 *
 * <ol>
 *   <li>the JDK modules the jars need, computed ({@link RuntimeModules}); a jlink runtime of exactly those;</li>
 *   <li>a jpackage app-image ({@code installer/jpackage-common.args} plus the operating system's own args file);</li>
 *   <li>the check that the image holds every module its jars need (the build fails otherwise);</li>
 *   <li>on Linux, the JDK's AOT cache of the image, from a training run of its own launcher ({@link AotCache});</li>
 *   <li>the operating system's package: a .deb on Linux ({@link DebPackage}), an .msi on Windows, a .dmg on macOS;</li>
 *   <li>the sizes of all of it, in {@code target/installer/sizes.txt}.</li>
 * </ol>
 *
 * Run from the project directory with the JDK 25 {@code java}: {@code java installer/tool/Package.java [all|app-image]
 * [--version X.Y.Z]}. Maven runs it ({@code ./mvnw verify}, {@code ./mvnw -Pinstaller package}).
 */
public final class Package {
    static final Path TARGET = Path.of("target");
    static final Path WORK = TARGET.resolve("installer-work");
    static final Path DEST = TARGET.resolve("installer");
    static final Path INPUT = WORK.resolve("input");
    static final Path RUNTIME = WORK.resolve("runtime");
    static final Path CACHE = TARGET.resolve("installer-cache");
    static final Path EXTRA_MODULES = Path.of("installer/runtime-modules.txt");

    private Package() {
    }

    public static void main(String[] args) throws Exception {
        var what = "all";
        String version = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "all", "app-image" -> what = args[i];
                case "check" -> {
                    var os = Os.current();
                    checkModules(os, Path.of(args[++i]));
                    return;
                }
                case "--version" -> version = args[++i];
                default -> fail("unknown argument " + args[i] + " (use: [all|app-image] [--version X.Y.Z])");
            }
        }
        var os = Os.current();
        var jdk = Path.of(System.getProperty("java.home"));
        if (version == null) version = releaseVersion(manifestVersion(TARGET.resolve("parley.jar")));
        log("version " + version + " on " + os);

        RuntimeModules.deleteTree(WORK);
        RuntimeModules.deleteTree(DEST);
        Files.createDirectories(INPUT.resolve("lib"));
        Files.createDirectories(DEST);
        var shipped = prepareInput(version);

        var modules = RuntimeModules.needed(shipped, EXTRA_MODULES, CACHE);
        Files.writeString(WORK.resolve("runtime-modules.txt"), String.join("\n", modules) + "\n");
        log("runtime modules (" + modules.size() + "): " + String.join(",", modules));
        run(tool(jdk, "jlink"), "@installer/jlink.args", "--add-modules", String.join(",", modules),
                "--output", RUNTIME.toString());

        var appImage = os.appImage(DEST);
        run(tool(jdk, "jpackage"), "@installer/jpackage-common.args", "@installer/" + os.argsFile,
                "--type", "app-image", "--app-version", os.appVersion(version), "--input", INPUT.toString(),
                "--runtime-image", RUNTIME.toString(), "--app-content", WORK.resolve("legal").toString(),
                "--dest", DEST.toString());
        checkModules(os, appImage);
        if (os == Os.LINUX) AotCache.make(appImage, os.appDir(appImage));
        log("app-image " + appImage);

        var packages = new ArrayList<Path>();
        if (what.equals("all")) {
            switch (os) {
                case LINUX -> {
                    if (DebPackage.toolsPresent()) {
                        packages.add(DebPackage.build(appImage, version, shipped));
                    } else {
                        skipped(".deb", "needs dpkg-deb and dpkg-shlibdeps (Debian or Ubuntu: apt-get install dpkg-dev)");
                    }
                }
                case WINDOWS -> packages.add(jpackagePackage(jdk, os, "msi", version));
                case MACOS -> packages.add(jpackagePackage(jdk, os, "dmg", version));
            }
        }
        writeSizes(os, appImage, packages);
    }

    /** The jar (stating the release version) and its runtime libraries, minus jars that hold nothing. */
    private static List<Path> prepareInput(String version) throws IOException {
        var shipped = new ArrayList<Path>();
        var jar = INPUT.resolve("parley.jar");
        withVersion(TARGET.resolve("parley.jar"), jar, version);
        shipped.add(jar);
        try (var libs = Files.list(TARGET.resolve("lib"))) {
            for (var lib : libs.sorted().toList()) {
                if (!lib.toString().endsWith(".jar")) continue;
                if (emptyJar(lib)) {
                    log("left out " + lib.getFileName() + " (no classes, no resources)");
                    continue;
                }
                var copy = INPUT.resolve("lib").resolve(lib.getFileName());
                if (Natives.hasForeign(lib)) {
                    long dropped = Natives.stripForeign(lib, copy);
                    log(String.format("%s: left out %,d bytes of other systems' natives and debug symbols",
                            lib.getFileName(), dropped));
                } else {
                    Files.copy(lib, copy);
                }
                shipped.add(copy);
            }
        }
        var legal = Files.createDirectories(WORK.resolve("legal"));
        Files.copy(Path.of("LICENSE"), legal.resolve("LICENSE"));
        var thirdParty = TARGET.resolve("generated-sources/license/THIRD-PARTY.txt");
        if (!Files.isRegularFile(thirdParty)) fail(thirdParty + " is missing (the license plugin writes it)");
        Files.copy(thirdParty, legal.resolve("THIRD-PARTY.txt"));
        return shipped;
    }

    /**
     * The build's check: every module the jars inside the image need (jdeps, their descriptors, the by-name list) is in
     * the image's runtime. Fails the build naming what is missing. Also {@code Package.java check <app-image>}.
     */
    static void checkModules(Os os, Path appImage) throws IOException {
        var jars = new ArrayList<Path>();
        try (var files = Files.walk(os.appDir(appImage), java.nio.file.FileVisitOption.FOLLOW_LINKS)) {
            files.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(jars::add);
        }
        if (jars.isEmpty()) fail(appImage + " holds no application jars");
        var needed = RuntimeModules.needed(jars, EXTRA_MODULES, CACHE);
        var missing = RuntimeModules.missing(needed, os.runtimeHome(appImage));
        if (!missing.isEmpty()) {
            fail("the runtime image of " + appImage + " lacks modules the application needs: "
                    + String.join(", ", missing) + " (see installer/runtime-modules.txt and installer/jlink.args)");
        }
        log("module check: the runtime holds all " + needed.size() + " modules its " + jars.size() + " jars need");
    }

    /**
     * The .msi or .dmg, made by jpackage from the same input, runtime and args files as the app-image (jpackage does
     * not take launcher options together with --app-image, so the package is built from the input itself).
     */
    private static Path jpackagePackage(Path jdk, Os os, String type, String version)
            throws IOException, InterruptedException {
        run(tool(jdk, "jpackage"), "@installer/jpackage-common.args", "@installer/" + os.argsFile,
                "@installer/" + os.packageArgsFile, "--type", type, "--app-version", os.appVersion(version),
                "--input", INPUT.toString(), "--runtime-image", RUNTIME.toString(),
                "--app-content", WORK.resolve("legal").toString(), "--dest", DEST.toString());
        try (var files = Files.list(DEST)) {
            return files.filter(p -> p.toString().endsWith("." + type)).findFirst()
                    .orElseThrow(() -> new IOException("jpackage wrote no ." + type));
        }
    }

    private static void writeSizes(Os os, Path appImage, List<Path> packages) throws IOException {
        var sizes = new LinkedHashMap<String, Long>();
        sizes.put("runtime image (jlink)", treeSize(os.runtimeHome(appImage)));
        sizes.put("application jars", treeSize(os.appDir(appImage)));
        sizes.put("app-image " + DEST.relativize(appImage), treeSize(appImage));
        for (var p : packages) sizes.put(p.getFileName().toString(), Files.size(p));
        var text = new StringBuilder();
        for (Map.Entry<String, Long> e : sizes.entrySet()) {
            text.append(String.format("%-40s %,13d bytes  %6.1f MiB%n", e.getKey(), e.getValue(),
                    e.getValue() / 1048576.0));
        }
        Files.writeString(DEST.resolve("sizes.txt"), text.toString());
        System.out.print(text);
    }

    static long treeSize(Path root) throws IOException {
        try (var files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).sum();
        }
    }

    static String manifestVersion(Path jar) throws IOException {
        try (var file = new JarFile(jar.toFile())) {
            var v = file.getManifest().getMainAttributes().getValue(Attributes.Name.IMPLEMENTATION_VERSION);
            if (v == null) throw new IOException(jar + " has no Implementation-Version");
            return v;
        }
    }

    /** 0.1.0-SNAPSHOT → 0.1.0: an installer carries a plain release number. */
    static String releaseVersion(String projectVersion) {
        var v = projectVersion.replaceFirst("-.*$", "");
        if (!v.matches("\\d+(\\.\\d+){0,2}")) fail("version " + projectVersion + " is not X.Y.Z[-qualifier]");
        return v;
    }

    /** A copy of the jar whose manifest states {@code version}, so that the launcher's --version says it too. */
    private static void withVersion(Path jar, Path copy, String version) throws IOException {
        try (var in = new JarFile(jar.toFile())) {
            var manifest = in.getManifest();
            manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, version);
            try (var out = new JarOutputStream(Files.newOutputStream(copy), manifest)) {
                for (var entries = in.entries(); entries.hasMoreElements(); ) {
                    var entry = entries.nextElement();
                    if (entry.getName().equalsIgnoreCase(JarFile.MANIFEST_NAME)
                            || entry.getName().equalsIgnoreCase("META-INF/")) continue;
                    var copied = new ZipEntry(entry.getName());
                    copied.setTime(entry.getTime());
                    out.putNextEntry(copied);
                    try (var data = in.getInputStream(entry)) {
                        data.transferTo(out);
                    }
                    out.closeEntry();
                }
            }
        }
    }

    private static boolean emptyJar(Path jar) throws IOException {
        try (var zip = new ZipFile(jar.toFile())) {
            return zip.stream().allMatch(e -> e.isDirectory() || e.getName().startsWith("META-INF/"));
        }
    }

    private static String tool(Path jdk, String name) {
        return jdk.resolve("bin").resolve(Os.current() == Os.WINDOWS ? name + ".exe" : name).toString();
    }

    static void run(String... command) throws IOException, InterruptedException {
        log("$ " + String.join(" ", command));
        var process = new ProcessBuilder(command).inheritIO().start();
        int code = process.waitFor();
        if (code != 0) fail(Path.of(command[0]).getFileName() + " exited with " + code);
    }

    static void log(String line) {
        System.out.println("installer: " + line);
    }

    private static void skipped(String what, String why) {
        if ("true".equals(System.getenv("CI"))) fail(what + " cannot be built here: " + why);
        log("skipping " + what + ": " + why);
    }

    static void fail(String message) {
        System.err.println("installer: " + message);
        System.exit(1);
    }

    /** Where jpackage puts things on each operating system, and which args file and version each uses. */
    enum Os {
        LINUX("jpackage-linux.args", null),
        WINDOWS("jpackage-windows.args", "jpackage-windows-msi.args"),
        MACOS("jpackage-macos.args", "jpackage-macos-dmg.args");

        final String argsFile;
        final String packageArgsFile;

        Os(String argsFile, String packageArgsFile) {
            this.argsFile = argsFile;
            this.packageArgsFile = packageArgsFile;
        }

        static Os current() {
            var name = System.getProperty("os.name").toLowerCase();
            if (name.contains("win")) return WINDOWS;
            if (name.contains("mac")) return MACOS;
            return LINUX;
        }

        Path appImage(Path dest) {
            return switch (this) {
                case LINUX -> dest.resolve("parley");
                case WINDOWS -> dest.resolve("Parley");
                case MACOS -> dest.resolve("Parley.app");
            };
        }

        Path appDir(Path image) {
            return switch (this) {
                case LINUX -> image.resolve("lib/app");
                case WINDOWS -> image.resolve("app");
                case MACOS -> image.resolve("Contents/app");
            };
        }

        Path runtimeHome(Path image) {
            return switch (this) {
                case LINUX -> image.resolve("lib/runtime");
                case WINDOWS -> image.resolve("runtime");
                case MACOS -> image.resolve("Contents/runtime/Contents/Home");
            };
        }

        /**
         * macOS refuses a bundle version whose first number is 0 (CFBundleVersion): while Parley is 0.y.z, the
         * bundle says 1.y.z. Parley's own --version still reports the real version, from its jar.
         */
        String appVersion(String version) {
            if (this == MACOS && version.startsWith("0.")) return "1." + version.substring(2);
            return version;
        }

        public String toString() {
            return name().toLowerCase();
        }
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (var files = Files.walk(from)) {
            for (var p : files.toList()) {
                var target = to.resolve(from.relativize(p).toString());
                if (Files.isSymbolicLink(p)) {
                    Files.createSymbolicLink(target, Files.readSymbolicLink(p));
                } else if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
