package dev.kaisen.training;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packages of training form no import circle: the network layer ({@code net}) and the run
 * configs ({@code config}) sit below the trainers ({@code ppo}, {@code exit}), the search
 * ({@code ismcts}) and the zoo, which import them and never the other way round.
 */
class PackageGraphTest {
    private static final Path SOURCES = Path.of("src/main/java/dev/kaisen/training");
    private static final Pattern REFERENCE = Pattern.compile("\\bdev\\.kaisen\\.training\\.(\\w+)\\.[A-Z]");

    /** Package to the other training packages its sources name, in imports or in code (comments left out). */
    static Map<String, Set<String>> graph() throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                String pkg = SOURCES.relativize(f.getParent()).toString().replace('/', '.');
                Set<String> uses = graph.computeIfAbsent(pkg, k -> new TreeSet<>());
                Matcher m = REFERENCE.matcher(withoutComments(Files.readString(f)));
                while (m.find()) {
                    if (!m.group(1).equals(pkg)) {
                        uses.add(m.group(1));
                    }
                }
            }
        }
        return graph;
    }

    private static String withoutComments(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
    }

    /** A circle of packages reachable from {@code from} back to it ({@code [from, ..., from]}), else an empty list. */
    static List<String> circle(Map<String, Set<String>> graph, String from) {
        List<String> path = new ArrayList<>(List.of(from));
        return walk(graph, from, path, new TreeSet<>()) ? path : List.of();
    }

    private static boolean walk(Map<String, Set<String>> graph, String from, List<String> path, Set<String> seen) {
        String at = path.get(path.size() - 1);
        for (String next : graph.getOrDefault(at, Set.of())) {
            path.add(next);
            if (next.equals(from) || seen.add(next) && walk(graph, from, path, seen)) {
                return true;
            }
            path.remove(path.size() - 1);
        }
        return false;
    }

    @Test
    void noPackageOfTrainingImportsItselfThroughOthers() throws IOException {
        Map<String, Set<String>> graph = graph();
        assertTrue(graph.keySet().containsAll(List.of("config", "eval", "exit", "ismcts", "net", "ppo", "zoo")),
                "packages read: " + graph.keySet());
        for (String pkg : graph.keySet()) {
            assertEquals(List.of(), circle(graph, pkg), "import circle through " + pkg + " in " + graph);
        }
    }

    @Test
    void theNetworkLayerAndTheConfigsImportNoTrainerSearchOrZoo() throws IOException {
        Map<String, Set<String>> graph = graph();
        assertEquals(Set.of(), graph.get("config"), "config imports");
        assertEquals(Set.of("config"), graph.get("net"), "net imports");
    }

    @Test
    void aCircleIsFound() {
        Map<String, Set<String>> graph = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"));
        assertEquals(List.of("a", "b", "c", "a"), circle(graph, "a"));
        assertEquals(List.of(), circle(graph, "d"));
    }
}
