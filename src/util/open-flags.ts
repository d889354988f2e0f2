// How skillc opens a file a checkout may have made hostile: never through a link (O_NOFOLLOW: the
// link itself is refused, ELOOP) and without blocking (O_NONBLOCK: a FIFO opens at once and reads
// as empty); callers then fstat and read only a regular file. Where a flag does not exist
// (Windows), it is 0.
import { constants } from "node:fs";

export const READ_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
