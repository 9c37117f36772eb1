// The service's statuses and priorities as the dashboard compares them, stated once (openapi.json's enums).
// StatusTypesTest checks each list here against the service's own types, and that no other script of the
// dashboard spells a status or a priority itself.

export const RUN = Object.freeze({QUEUED: 'queued', RUNNING: 'running', COMPLETED: 'completed', PARTIAL: 'partial',
  FAILED: 'failed', CANCELLED: 'cancelled'});
export const RUN_TERMINAL = new Set([RUN.COMPLETED, RUN.PARTIAL, RUN.FAILED, RUN.CANCELLED]);
export const ITEM = Object.freeze({QUEUED: 'queued', RUNNING: 'running', COMPLETED: 'completed', FAILED: 'failed',
  CANCELLED: 'cancelled'});
export const ITEM_TERMINAL = new Set([ITEM.COMPLETED, ITEM.FAILED, ITEM.CANCELLED]);
export const DELIVERY = Object.freeze({PENDING: 'pending', DELIVERED: 'delivered', FAILED: 'failed'});
// Highest first, as the claim takes them.
export const PRIORITY = Object.freeze({HIGH: 'high', NORMAL: 'normal', LOW: 'low'});
export const PRIORITIES = Object.values(PRIORITY);
