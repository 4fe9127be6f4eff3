package dev.kaisen.bridge;

import dev.kaisen.env.GameDescriptor;
import dev.kaisen.env.GameOption;
import dev.kaisen.env.GameProvider;
import dev.kaisen.env.Games;
import dev.kaisen.env.Json;
import dev.kaisen.observation.Encoders;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "games", mixinStandardHelpOptions = true,
        description = "List the registered games: id, title, players, options and observation views.")
public final class GamesCommand implements Callable<Integer> {
    @Option(names = "--json", description = "Print one JSON array.")
    boolean json;

    public static List<Map<String, Object>> list() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (GameProvider p : Games.all()) {
            Map<String, Object> g = new LinkedHashMap<>();
            g.put("id", p.id());
            g.put("title", p.title());
            g.put("minPlayers", p.minPlayers());
            g.put("maxPlayers", p.maxPlayers());
            g.put("defaultPlayers", p.defaultPlayers());
            g.put("version", p.version());
            g.put("options", p.options());
            g.put("views", views(p.id()));
            g.put("bots", dev.kaisen.env.Games.create(p.id()).botNames());
            GameDescriptor<?> d = p.descriptor();
            g.put("summary", d.summary());
            g.put("botMeanings", d.botMeanings());
            g.put("chanceEvents", d.chanceEvents());
            g.put("default", p.id().equals(Games.DEFAULT_GAME));
            out.add(g);
        }
        return out;
    }

    /** The game's observation views; none (with a warning) when its encoders are not on the class path. */
    static List<String> views(String game) {
        try {
            return Encoders.views(game);
        } catch (IllegalStateException e) {
            System.err.println("warning: " + e.getMessage());
            return List.of();
        }
    }

    @Override
    public Integer call() {
        if (json) {
            System.out.println(Json.write(list(), false));
            return 0;
        }
        int width = Games.all().stream().mapToInt(p -> p.id().length()).max().orElse(0);
        String indent = " ".repeat(width + 1);
        for (GameProvider p : Games.all()) {
            System.out.printf("%-" + width + "s %s, %d-%d players (default %d); views: %s%n", p.id(), p.title(),
                    p.minPlayers(), p.maxPlayers(), p.defaultPlayers(), String.join(", ", views(p.id())));
            if (p.options().isEmpty()) {
                System.out.println(indent + "options: none");
            }
            for (GameOption o : p.options()) {
                System.out.printf("%s--config '{\"%s\": ...}'  %s (default %s%s)%n", indent, o.name(), o.meaning(),
                        "".equals(o.defaultValue()) ? "none" : o.defaultValue(),
                        o.choices().isEmpty() ? "" : "; one of " + o.choices());
            }
        }
        return 0;
    }
}
