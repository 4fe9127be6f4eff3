/**
 * Observation encoders (named segments), action codecs, legal-action masks and the
 * vectorized env writing into flat buffers. Depends on {@code env} only.
 */
package dev.kaisen.observation;
