package dev.kaisen.training.net;

/**
 * An {@link dev.kaisen.env.AgentProvider} whose names stand for a trained network, so that other
 * agents can use that network by the same name: {@code ismcts:N:net=dl4j:PATH} or
 * {@code ismcts:N:net=zoo:NAME} resolve it through {@link Policies#resolve}. A provider opts in
 * by implementing this interface; nothing else needs to change.
 */
public interface PolicySource {
    /** The network a full name (prefix included) stands for; rejects a malformed or unknown name clearly. */
    Checkpoint.Policy policy(String name);
}
