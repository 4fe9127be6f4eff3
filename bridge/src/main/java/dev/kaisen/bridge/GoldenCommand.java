package dev.kaisen.bridge;

import dev.kaisen.observation.Golden;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "golden", mixinStandardHelpOptions = true,
        description = "Regenerate the golden playthrough files of every registered game (on purpose only: tests "
                + "compare against them).")
final class GoldenCommand implements Callable<Integer> {
    @Option(names = "--out", required = true, paramLabel = "DIR",
            description = "Folder to write into (the committed ones: observation/src/test/resources/golden).")
    Path out;

    @Override
    public Integer call() throws Exception {
        Files.createDirectories(out);
        for (Golden.Case c : Golden.cases()) {
            Path file = out.resolve(c.fileName());
            Files.writeString(file, Golden.generate(c));
            System.out.println("wrote " + file);
        }
        return 0;
    }
}
