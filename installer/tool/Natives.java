import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Native libraries inside jars. Libraries such as ONNX Runtime, DJL's tokenizers and JNA carry their natives for
 * every system they support (plus, for ONNX Runtime, macOS debug symbols): most of their weight. An installer is for
 * one system, so {@link #stripForeign} drops every native library this machine cannot load, and all debug symbols;
 * what this machine loads is told by the file's header (ELF, PE or Mach-O machine), not only by its directory name.
 */
final class Natives {
    private static final Pattern NATIVE = Pattern.compile("(?i)\\.(so(\\.\\d+)*|dll|dylib|jnilib)$");
    private static final Pattern DEBUG_SYMBOLS = Pattern.compile("(?i)(\\.dSYM/|\\.pdb$|\\.debug$)");
    /**
     * Directory names of other systems: an x86-64 ELF library can still be for Solaris or FreeBSD (JNA), and musl
     * builds (Alpine) do not load on glibc.
     */
    static final Pattern FOREIGN_OS = Pattern.compile(
            "(?i)(sunos|solaris|freebsd|openbsd|netbsd|dragonfly|aix|android|musl)");

    private Natives() {
    }

    /** A copy of {@code jar} at {@code copy} without foreign natives and debug symbols; the bytes left out. */
    static long stripForeign(Path jar, Path copy) throws IOException {
        long dropped = 0;
        try (var zip = new ZipFile(jar.toFile()); var out = new ZipOutputStream(Files.newOutputStream(copy))) {
            for (var entries = zip.entries(); entries.hasMoreElements(); ) {
                var entry = entries.nextElement();
                byte[] bytes;
                try (var in = zip.getInputStream(entry)) {
                    bytes = in.readAllBytes();
                }
                if (!entry.isDirectory() && !keep(entry.getName(), bytes)) {
                    dropped += bytes.length;
                    continue;
                }
                var copied = new ZipEntry(entry.getName());
                copied.setTime(entry.getTime());
                out.putNextEntry(copied);
                out.write(bytes);
                out.closeEntry();
            }
        }
        return dropped;
    }

    /** Whether a jar holds anything {@link #stripForeign} would leave out. */
    static boolean hasForeign(Path jar) throws IOException {
        try (var zip = new ZipFile(jar.toFile())) {
            for (var entries = zip.entries(); entries.hasMoreElements(); ) {
                var entry = entries.nextElement();
                if (entry.isDirectory()) continue;
                var name = entry.getName();
                if (DEBUG_SYMBOLS.matcher(name).find()) return true;
                if (!NATIVE.matcher(name).find()) continue;
                try (var in = zip.getInputStream(entry)) {
                    if (!keep(name, in.readNBytes(64))) return true;
                }
            }
        }
        return false;
    }

    private static boolean keep(String name, byte[] bytes) {
        if (DEBUG_SYMBOLS.matcher(name).find()) return false;
        if (!NATIVE.matcher(name).find()) return true;
        return loadableHere(bytes) && !FOREIGN_OS.matcher(name).find();
    }

    /** An ELF (Linux), PE (Windows) or Mach-O (macOS) library for this machine's system and architecture. */
    static boolean loadableHere(byte[] h) {
        var os = System.getProperty("os.name").toLowerCase();
        boolean arm = System.getProperty("os.arch").equals("aarch64");
        if (os.contains("linux")) {
            if (h.length < 20 || h[0] != 0x7f || h[1] != 'E' || h[2] != 'L' || h[3] != 'F') return false;
            int machine = (h[18] & 0xff) | (h[19] & 0xff) << 8;
            return h[5] == 1 && machine == (arm ? 183 : 62);
        }
        if (os.contains("win")) {
            if (h.length < 64 || h[0] != 'M' || h[1] != 'Z') return false;
            return true; // every PE library: jars carry x64 ones only so far (an arm64 one would be kept too)
        }
        if (os.contains("mac")) {
            if (h.length < 8) return false;
            int magic = (h[0] & 0xff) << 24 | (h[1] & 0xff) << 16 | (h[2] & 0xff) << 8 | (h[3] & 0xff);
            if (magic == 0xCAFEBABE) return true; // universal binary: holds both architectures
            if (magic != 0xCFFAEDFE) return false; // 64-bit Mach-O, little endian
            int cpu = (h[4] & 0xff) | (h[5] & 0xff) << 8 | (h[6] & 0xff) << 16 | (h[7] & 0xff) << 24;
            return cpu == (arm ? 0x0100000C : 0x01000007);
        }
        return true;
    }
}
