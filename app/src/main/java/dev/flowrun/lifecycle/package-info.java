/**
 * Every state change of runs, items, node states, zip ingestions and webhook deliveries, and its SQL: the state
 * machines, the invariants, the lock order and the fencing rule are in {@code docs/lifecycle.md}. Services, the
 * engine, the webhook sender and the retention call it; it imports nothing of theirs.
 */
package dev.flowrun.lifecycle;
