package dev.kaisen.bridge;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code kaisen} command line (reached through the {@code ./kaisen} launcher). */
@Command(name = "kaisen", mixinStandardHelpOptions = true, version = "kaisen 0.1.0",
        description = "Reinforcement-learning environments for trading board games.",
        subcommands = {GamesCommand.class, SelfPlayCommand.class, ReplayCommand.class, SpecCommand.class, BenchCommand.class,
                GoldenCommand.class, ServeCommand.class, EvalCommand.class, TrainCommand.class})
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
            cmd.getErr().println("error: " + e.getMessage());
            return 2;
        });
        return cl;
    }
}
