// The audit log's retention, a rule the server applies and the settings screen states. Pure.

/** Days an audit entry is kept when the settings do not say (design 5.4). */
export const AUDIT_RETENTION_DAYS = 400;
