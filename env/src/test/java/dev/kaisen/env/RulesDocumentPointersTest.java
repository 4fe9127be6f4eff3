package dev.kaisen.env;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every code pointer in the rules documents ({@code docs/rules/*.md}) names a member that exists. A pointer is a
 * code span {@code `ClassName.member`} or {@code `ClassName#member`} (optionally followed by an argument list)
 * whose class is a class of {@code dev.kaisen.env} or one of its game packages; the member must be a method, field,
 * enum constant or member class declared by that class or a superclass, of any visibility. Spans whose first word
 * is not such a class (road names, file names, JSON keys) are not pointers and are skipped.
 */
class RulesDocumentPointersTest {

    private static final Path RULES = Path.of("..", "docs", "rules");
    private static final String[] PACKAGES = {"floatingmarket", "merchants", "osaka", "tokaido"};
    private static final Pattern POINTER =
            Pattern.compile("`([A-Z][A-Za-z0-9_]*)[.#]([A-Za-z_][A-Za-z0-9_]*)(?:\\([^`]*\\))?`");

    @Test
    void everyCodePointerInTheRulesDocumentsNamesAnExistingMember() throws IOException {
        List<Path> docs;
        try (Stream<Path> files = Files.list(RULES)) {
            docs = files.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().toList();
        }
        assertTrue(docs.size() >= 4, "expected the rules documents under " + RULES.toAbsolutePath());
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path doc : docs) {
            String preferred = doc.getFileName().toString().replace(".md", "").replace("-", "");
            List<String> lines = Files.readAllLines(doc, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = POINTER.matcher(lines.get(i));
                while (m.find()) {
                    List<Class<?>> classes = classesNamed(m.group(1), preferred);
                    if (classes.isEmpty()) continue;
                    checked++;
                    if (classes.stream().noneMatch(c -> hasMember(c, m.group(2)))) {
                        broken.add(RULES.resolve(doc.getFileName()) + ":" + (i + 1) + ": " + m.group()
                                + " (no such member in " + classes.stream().map(Class::getName).toList() + ")");
                    }
                }
            }
        }
        assertTrue(checked > 0, "found no code pointers at all; has the citation form changed?");
        if (!broken.isEmpty()) {
            fail(broken.size() + " rules-document code pointer(s) name no existing member:\n"
                    + String.join("\n", broken));
        }
    }

    /** The class of the document's own game package if it has one of that name, else every match elsewhere. */
    private static List<Class<?>> classesNamed(String simpleName, String preferredPackage) {
        Class<?> own = load("dev.kaisen.env." + preferredPackage + "." + simpleName);
        if (own != null) return List.of(own);
        List<Class<?>> found = new ArrayList<>();
        Class<?> base = load("dev.kaisen.env." + simpleName);
        if (base != null) found.add(base);
        for (String pkg : PACKAGES) {
            Class<?> c = load("dev.kaisen.env." + pkg + "." + simpleName);
            if (c != null) found.add(c);
        }
        return found;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, RulesDocumentPointersTest.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    private static boolean hasMember(Class<?> type, String member) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) if (method.getName().equals(member)) return true;
            for (Field field : c.getDeclaredFields()) if (field.getName().equals(member)) return true;
            for (Class<?> nested : c.getDeclaredClasses()) if (nested.getSimpleName().equals(member)) return true;
        }
        for (Class<?> i : type.getInterfaces()) if (hasMember(i, member)) return true;
        return false;
    }
}
