package dev.kaisen.bridge.gateway;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Json;
import dev.kaisen.observation.VectorEnv;

/** The vectorized env as Python sees it: control calls only; data moves through the shared buffers. */
public final class VectorHandle implements AutoCloseable {
    private final Typed<?> vec;

    private record Typed<S extends GameState<S>>(Game<S> game, VectorEnv<S> vec) {
        String json(int i) {
            return game.toJson(vec.env(i).state(), false);
        }

        String render(int i) {
            return game.render(vec.env(i).state());
        }
    }

    <S extends GameState<S>> VectorHandle(Game<S> game, VectorEnv<S> vec) {
        this.vec = new Typed<>(game, vec);
    }

    public String layoutJson() {
        return Json.write(vec.vec().layout().describe(), false);
    }

    public int threads() {
        return vec.vec().threads();
    }

    public void reseed(long baseSeed) {
        vec.vec().reseed(baseSeed);
    }

    public void reset() {
        vec.vec().reset();
    }

    /** Steps every env with the actions already written into the actions region. */
    public void step() {
        vec.vec().step();
    }

    public void resetOne(int i, long seed) {
        vec.vec().resetOne(i, seed);
    }

    private void check(int i) {
        if (i < 0 || i >= vec.vec().numEnvs()) {
            throw new IllegalArgumentException("env index " + i + " out of range 0.." + (vec.vec().numEnvs() - 1));
        }
    }

    /** Env i's state as text (spectator view, hidden parts included). */
    public String render(int i) {
        check(i);
        return vec.render(i);
    }

    public String stateJson(int i) {
        check(i);
        return vec.json(i);
    }

    /** Env i's info as JSON (scores, winners, end reason, and why an illegal action forfeited). */
    public String infoJson(int i) {
        check(i);
        return Json.write(vec.vec().env(i).info(), false);
    }

    @Override
    public void close() {
        vec.vec().close();
    }
}
