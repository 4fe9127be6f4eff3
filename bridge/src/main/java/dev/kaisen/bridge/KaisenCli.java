package dev.kaisen.bridge;

import dev.kaisen.env.UserFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** The {@code kaisen} command line (reached through the {@code ./kaisen} launcher). */
@Command(name = "kaisen", mixinStandardHelpOptions = true, version = "kaisen 0.1.0",
        description = "Reinforcement-learning environments for trading board games.",
        subcommands = {GamesCommand.class, SelfPlayCommand.class, ReplayCommand.class, SpecCommand.class, BenchCommand.class,
                GoldenCommand.class, ServeCommand.class, EvalCommand.class, LeaderboardCommand.class, TrainCommand.class,
                ZooCommand.class})
public final class KaisenCli implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new KaisenCli());
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println("error: " + message(e));
            return 2;
        });
        return cl;
    }

    /** One line for a failed command: its message, or for a bare file-system failure the file and why. */
    static String message(Throwable e) {
        if (e instanceof UncheckedIOException u && u.getMessage().equals(String.valueOf(u.getCause()))) {
            e = u.getCause();
        }
        if (e instanceof NoSuchFileException n) {
            return "no such file or folder: " + n.getFile();
        }
        if (e instanceof FileSystemException f) {
            return f.getFile() + ": " + UserFiles.why(f);
        }
        return e.getMessage() == null || e.getMessage().isBlank() ? e.toString() : e.getMessage();
    }
}
