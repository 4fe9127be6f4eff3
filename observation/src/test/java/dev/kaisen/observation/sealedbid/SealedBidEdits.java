package dev.kaisen.observation.sealedbid;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.HiddenEdits;
import dev.kaisen.env.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Hidden variations of the test game, on the JSON form: other seats' unrevealed bids, and the random stream. */
public final class SealedBidEdits implements HiddenEdits {
    @Override
    public String game() {
        return "sealedbid";
    }

    @Override
    public List<String> variations(String stateJson, int observer, long seed, int count) {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> out = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            ObjectNode root;
            try {
                root = (ObjectNode) Json.mapper().readTree(stateJson);
            } catch (Exception e) {
                throw new IllegalArgumentException(e);
            }
            root.put("rng", r.nextLong());
            ArrayNode bids = (ArrayNode) root.get("bids");
            JsonNode coins = root.get("coins");
            for (int p = 0; p < bids.size(); p++) {
                if (p != observer && bids.get(p).asInt() >= 0) {
                    bids.set(p, bids.numberNode(r.nextInt(coins.get(p).asInt() + 1)));
                }
            }
            out.add(SealedBidGame.write(root));
        }
        return out;
    }
}
