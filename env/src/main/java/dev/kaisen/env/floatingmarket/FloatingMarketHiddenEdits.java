package dev.kaisen.env.floatingmarket;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.HiddenEdits;
import dev.kaisen.env.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Variations of a Floating Market state that no observer can tell apart from it, made on the
 * state JSON alone: everything is public (rules, "Hidden information"), so the only hidden part is
 * the future of the random stream, and each variation is the state with another {@code rng}.
 */
public final class FloatingMarketHiddenEdits implements HiddenEdits {
    @Override
    public String game() {
        return FloatingMarketGameProvider.INSTANCE.id();
    }

    @Override
    public List<String> variations(String stateJson, int observer, long seed, int count) {
        ObjectNode root;
        try {
            JsonNode node = Json.mapper().readTree(stateJson);
            if (!(node instanceof ObjectNode o) || !o.path("rng").isTextual()) {
                throw new GameFormatException("not a Floating Market state: expected an object with rng");
            }
            root = o;
        } catch (JsonProcessingException e) {
            throw new GameFormatException("malformed JSON: " + e.getOriginalMessage(), e);
        }
        SplittableRandom r = new SplittableRandom(seed);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ObjectNode v = root.deepCopy();
            v.put("rng", Long.toHexString(r.nextLong()));
            out.add(Json.write(v, false));
        }
        return out;
    }
}
