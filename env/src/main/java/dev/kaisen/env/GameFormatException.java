package dev.kaisen.env;

/** JSON input (a state, a game record) that is malformed or breaks the rules; the message says what is wrong. */
public final class GameFormatException extends IllegalArgumentException {
    public GameFormatException(String message) {
        super(message);
    }

    public GameFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
