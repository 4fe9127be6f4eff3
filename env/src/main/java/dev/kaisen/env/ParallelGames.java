package dev.kaisen.env;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * Runs independent games {@code 0 .. count-1} on a fixed number of threads. Each game must
 * depend on its index only (its own seeds), so results do not depend on the thread count;
 * the first failure is rethrown.
 */
public final class ParallelGames {
    private ParallelGames() {
    }

    public static void run(int count, int threads, IntConsumer game) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            AtomicInteger next = new AtomicInteger();
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                workers.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                        game.accept(i);
                    }
                }));
            }
            for (Future<?> w : workers) {
                w.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException ? (RuntimeException) cause : new IllegalStateException(cause);
        } finally {
            pool.shutdownNow();
        }
    }
}
