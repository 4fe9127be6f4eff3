/**
 * Search agents (ISMCTS), evaluation (tournaments, ratings) and the DL4J PPO trainer.
 * Depends on {@code env} and {@code observation}.
 */
package dev.kaisen.training;
