package dev.kaisen.env;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/**
 * One option of a game's config besides the player count (a variant flag, a board file):
 * its name, its default, what it means, and the values it accepts ({@code choices} empty
 * for any value of the default's type). {@code path}: the value is a file's path (default
 * empty), made absolute when a config is read, so that records name the file wherever they are
 * replayed from and messages say where it was looked for (Python resolves it against the
 * caller's working directory before it reaches the JVM).
 */
public record GameOption(String name, Object defaultValue, String meaning, List<Object> choices, boolean path) {
    public GameOption {
        if (name == null || name.isBlank() || name.equals("players")) {
            throw new IllegalArgumentException("an option needs a name other than 'players'");
        }
        choices = List.copyOf(choices);
    }

    public GameOption(String name, Object defaultValue, String meaning, List<Object> choices) {
        this(name, defaultValue, meaning, choices, false);
    }

    public GameOption(String name, Object defaultValue, String meaning) {
        this(name, defaultValue, meaning, List.of(), false);
    }

    /** An option naming a file; empty (the default) for none. */
    public static GameOption file(String name, String meaning) {
        return new GameOption(name, "", meaning, List.of(), true);
    }

    /** Checks a value's type (and choice); returns it normalized (JSON numbers become Integer where the default is). */
    Object accept(Object value) {
        Object v = value;
        if (defaultValue instanceof Integer && v instanceof Number n) {
            double d = n.doubleValue();
            if (d != Math.rint(d) || d < Integer.MIN_VALUE || d > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("option '" + name + "' takes a whole number (32-bit), not " + v);
            }
            v = n.intValue();
        } else if (defaultValue instanceof Double && v instanceof Number n) {
            v = n.doubleValue();
        }
        if (defaultValue != null && (v == null || !defaultValue.getClass().isInstance(v))) {
            throw new IllegalArgumentException("option '" + name + "' takes a " + typeName(defaultValue) + ", not "
                    + shown(v));
        }
        if (!choices.isEmpty() && !choices.contains(v)) {
            throw new IllegalArgumentException("option '" + name + "' must be one of " + choices + ", not "
                    + Json.write(v, false));
        }
        if (path && v instanceof String file && !file.isEmpty()) {
            try {
                return Path.of(file).toAbsolutePath().normalize().toString();
            } catch (InvalidPathException e) {
                throw new IllegalArgumentException("option '" + name + "': not a file path: " + file);
            }
        }
        return v;
    }

    /**
     * A value as JSON with its kind ({@code "2" (string)}, {@code 2.5 (number)}, {@code null}): a
     * string shows its quotes, so {@code "2"} does not read as the number 2.
     */
    static String shown(Object v) {
        return v == null ? "null" : Json.write(v, false) + " (" + typeName(v) + ")";
    }

    private static String typeName(Object o) {
        if (o instanceof Boolean) {
            return "boolean";
        }
        if (o instanceof Integer || o instanceof Long) {
            return "whole number";
        }
        if (o instanceof Number) {
            return "number";
        }
        if (o instanceof String) {
            return "string";
        }
        if (o instanceof java.util.Map) {
            return "JSON object";
        }
        if (o instanceof java.util.List) {
            return "list";
        }
        return o.getClass().getSimpleName();
    }
}
