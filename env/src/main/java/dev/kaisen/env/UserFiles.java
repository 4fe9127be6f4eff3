package dev.kaisen.env;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Reading and writing the files a user names (a record to replay, a report to write), with
 * one-line messages that say what is wrong: no such file, a folder, not UTF-8 text, over a
 * size limit, permission denied. Reads are bounded: at most the given number of bytes is ever
 * read, so {@code /dev/zero} or a huge file ends with an error, not with the heap exhausted.
 */
public final class UserFiles {
    private UserFiles() {
    }

    /** A file that cannot be read or written as asked; the message says which and why. */
    public static final class FileException extends RuntimeException {
        public FileException(String message, IOException cause) {
            super(message, cause);
        }
    }

    /** Carries a {@link FileException} through a reader's {@code IOException} signature. */
    private static final class Refused extends IOException {
        final FileException exception;

        Refused(FileException exception) {
            super(exception.getMessage());
            this.exception = exception;
        }
    }

    /**
     * Opens {@code file} as UTF-8 text of at most {@code maxBytes} bytes; reading past the limit,
     * a byte that is not UTF-8, or a NUL (binary) throws a {@link FileException} naming the file.
     *
     * @param what what the file should be, for messages ("a game record")
     */
    public static Reader openText(Path file, long maxBytes, String what) {
        if (Files.isDirectory(file)) {
            throw new FileException(file + " is a folder, not " + what + "; give a file", null);
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // opening a named pipe blocks until a writer comes, and a device may never end: refuse both unopened
            throw new FileException(file + " is " + kind(file) + ", not " + what + "; give a file", null);
        }
        try {
            if (Files.size(file) > maxBytes) {
                throw tooLarge(file, maxBytes, what, null);
            }
            InputStream in = new Limited(Files.newInputStream(file), file, maxBytes, what);
            return new TextReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)), file,
                    what);
        } catch (IOException e) {
            throw failure(file, e);
        }
    }

    /**
     * Reads {@code file} (see {@link #openText}) as JSON of {@code type} with {@link Json}'s
     * strict settings; malformed JSON is a {@link GameFormatException}.
     */
    public static <T> T readJson(Path file, long maxBytes, String what, Class<T> type) {
        try (Reader r = openText(file, maxBytes, what)) {
            return Json.read(r, type);
        } catch (IOException e) {
            throw failure(file, e);
        }
    }

    /**
     * Checks, before long work, that {@code file} can be written later: not a folder, in a folder
     * that exists and is writable; else a {@link FileException} that says why.
     */
    public static void requireWritable(Path file) {
        if (Files.isDirectory(file)) {
            throw new FileException("cannot write " + file + ": it is a folder; give a file name", null);
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new FileException("cannot write " + file + ": no such folder " + parent + "; create it or give another path",
                    null);
        }
        if (parent != null && !Files.isWritable(parent) || Files.exists(file) && !Files.isWritable(file)) {
            throw new FileException("cannot write " + file + ": permission denied", null);
        }
    }

    /** Writes {@code text} (UTF-8) to {@code file}, replacing it; a failure names the file and the reason. */
    public static void writeText(Path file, String text) {
        if (Files.isDirectory(file)) {
            throw new FileException("cannot write " + file + ": it is a folder; give a file name", null);
        }
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new FileException("cannot write " + file + ": " + why(e), e);
        }
    }

    /** Fills a file that {@link #writeAtomically} then moves into place. */
    @FunctionalInterface
    public interface FileFiller {
        void fill(Path temporary) throws IOException;
    }

    /**
     * Writes {@code target} whole or not at all: {@code filler} writes a new, empty temporary file
     * beside it ({@code .NAME<digits>.tmp}, made with the rights any new file gets), which then
     * replaces {@code target} in one rename. On any failure the temporary file is removed, the
     * target is left as it was and the exception is passed on (the caller names the file); the
     * target's folder is created when missing. A reader never sees a half-written file, and a
     * process killed mid-write leaves only the hidden temporary file.
     */
    public static void writeAtomically(Path target, FileFiller filler) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = newTemporary(dir, "." + target.getFileName());
        try {
            filler.fill(tmp);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException | Error e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * A new empty file {@code PREFIX<digits>.tmp} in {@code dir}, never one that was there
     * ({@code Files.createTempFile} would make it readable by its owner only).
     */
    private static Path newTemporary(Path dir, String prefix) throws IOException {
        while (true) {
            Path tmp = dir.resolve(prefix + ThreadLocalRandom.current().nextLong(Long.MAX_VALUE) + ".tmp");
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException taken) {
                // another writer drew the same number: draw again
            }
        }
    }

    /** Why an I/O operation failed, in words ({@code no such file or folder: x}, {@code permission denied}). */
    public static String why(IOException e) {
        if (e instanceof NoSuchFileException n) {
            return "no such file or folder" + (n.getFile() == null ? "" : ": " + n.getFile());
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException n) {
            return "not a folder: " + n.getFile();
        }
        if (e instanceof FileAlreadyExistsException x) {
            return "a file is already there" + (x.getFile() == null ? "" : ": " + x.getFile())
                    + " (give a folder, or a name not yet used)";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason().toLowerCase(Locale.ROOT);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /**
     * What {@code file}, neither a folder nor a regular file, is in words ("a named pipe (FIFO)",
     * "a character device"); from its Unix mode where the file system gives it.
     */
    static String kind(Path file) {
        try {
            int type = (Integer) Files.getAttribute(file, "unix:mode") & S_IFMT;
            switch (type) {
                case S_IFIFO:
                    return "a named pipe (FIFO)";
                case S_IFCHR:
                    return "a character device";
                case S_IFBLK:
                    return "a block device";
                case S_IFSOCK:
                    return "a socket";
                default:
                    break;
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            // no Unix mode here: the generic words below
        }
        return "a special file (a pipe, socket or device)";
    }

    /** The file type bits of a Unix mode and their values (sys/stat.h). */
    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFBLK = 0060000;
    private static final int S_IFSOCK = 0140000;

    /** A message for a failed read of {@code file}: the reason, or the refusal itself. */
    private static FileException failure(Path file, IOException e) {
        if (e instanceof Refused w) {
            return w.exception;
        }
        if (e instanceof NoSuchFileException) {
            return new FileException("no such file: " + file, e);
        }
        return new FileException("cannot read " + file + ": " + why(e), e);
    }

    private static FileException tooLarge(Path file, long maxBytes, String what, IOException cause) {
        return new FileException(file + " is larger than the " + size(maxBytes) + " limit for " + what
                + "; give a smaller file", cause);
    }

    private static FileException notText(Path file, String what, IOException cause) {
        return new FileException(file + " is not UTF-8 JSON text (a binary file?); give " + what, cause);
    }

    static String size(long bytes) {
        return bytes % (1L << 20) == 0 ? (bytes >> 20) + " MiB"
                : bytes % 1024 == 0 ? (bytes >> 10) + " KiB" : bytes + " bytes";
    }

    /** An input stream that fails once more than {@code max} bytes are read. */
    private static final class Limited extends FilterInputStream {
        private final Path file;
        private final long max;
        private final String what;
        private long count;

        Limited(InputStream in, Path file, long max, String what) {
            super(in);
            this.file = file;
            this.max = max;
            this.what = what;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = super.read(buf, off, (int) Math.min(len, max + 1 - count));
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws IOException {
            count += n;
            if (count > max) {
                throw new Refused(tooLarge(file, max, what, null));
            }
        }
    }

    /** Reports malformed UTF-8 and NUL characters as "not text", and a missing file as such. */
    private static final class TextReader extends Reader {
        private final Reader in;
        private final Path file;
        private final String what;

        TextReader(Reader in, Path file, String what) {
            this.in = in;
            this.file = file;
            this.what = what;
        }

        @Override
        public int read(char[] buf, int off, int len) throws IOException {
            int n;
            try {
                n = in.read(buf, off, len);
            } catch (CharacterCodingException e) {
                throw new Refused(notText(file, what, e));
            }
            for (int i = off; i < off + n; i++) {
                if (buf[i] == 0) {
                    throw new Refused(notText(file, what, null));
                }
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
