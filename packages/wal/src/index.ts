export { GroupCommitLog, type AppendOptions, type LogOptions, type LogStats, type OpenedLog, type TornTail } from "./group-commit-log.js";
export { ensureDir, syncDir } from "./dirs.js";
export { WalError, withWalErrors } from "./errors.js";
export { frameOf, parseFrames, FRAME_HEADER, type ParsedFrames } from "./frames.js";
export { lockDirectory, openUnderLock, DirectoryLockedError, LOCK_FILE, type DirectoryLock, type LockOwner } from "./directory-lock.js";
