/** Tables of uploaded transfer slips (migration 005). */

// biome-ignore lint/suspicious/noEmptyInterface: filled by the slip feature
export interface SlipTables {}
