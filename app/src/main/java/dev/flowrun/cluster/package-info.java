/**
 * Several instances on one database: each instance's lease ({@link dev.flowrun.cluster.Instance},
 * {@link dev.flowrun.cluster.Heartbeat}), the takeover of the work of an instance whose lease ran out
 * ({@link dev.flowrun.cluster.Takeover}), and the wake-ups instances send each other
 * ({@link dev.flowrun.cluster.Notifications}).
 */
package dev.flowrun.cluster;
