package dev.kaisen.bridge.gateway;

import dev.kaisen.env.Json;
import dev.kaisen.env.osaka.OsakaJson;
import dev.kaisen.observation.osaka.OsakaVectorEnv;

/** The vectorized env as Python sees it: control calls only; data moves through the shared buffers. */
public final class VectorHandle implements AutoCloseable {
    private final OsakaVectorEnv vec;

    VectorHandle(OsakaVectorEnv vec) {
        this.vec = vec;
    }

    public String layoutJson() {
        return Json.write(vec.layout().describe(), false);
    }

    public int threads() {
        return vec.threads();
    }

    public void reseed(long baseSeed) {
        vec.reseed(baseSeed);
    }

    public void reset() {
        vec.reset();
    }

    /** Steps every env with the actions already written into the actions region. */
    public void step() {
        vec.step();
    }

    public void resetOne(int i, long seed) {
        vec.resetOne(i, seed);
    }

    /** Env i's state as text (spectator view, hidden parts included). */
    public String render(int i) {
        return vec.env(i).state().toString();
    }

    public String stateJson(int i) {
        return OsakaJson.toJson(vec.env(i).state(), false);
    }

    @Override
    public void close() {
        vec.close();
    }
}
