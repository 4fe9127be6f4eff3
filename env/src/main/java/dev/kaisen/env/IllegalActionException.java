package dev.kaisen.env;

/** An action that is not legal in the state it was applied to. The state is unchanged. */
public final class IllegalActionException extends IllegalArgumentException {
    private final int action;

    public IllegalActionException(int action, String message) {
        super(message);
        this.action = action;
    }

    public int action() {
        return action;
    }
}
