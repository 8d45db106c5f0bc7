// SPDX-License-Identifier: GPL-2.0-only
/*
 * file_stat: a file's version from stat data (file_stat.h).
 */
#include <sys/stat.h>

#include "source/file_stat.h"

void file_stat_fill(struct file_stat *fst, const struct stat *st)
{
	*fst = (struct file_stat){
		.size = st->st_size,
		.mtime_ns = (int64_t)st->st_mtim.tv_sec * 1000000000 +
			    st->st_mtim.tv_nsec,
		.ctime_ns = (int64_t)st->st_ctim.tv_sec * 1000000000 +
			    st->st_ctim.tv_nsec,
		.ino = st->st_ino,
		.mode = st->st_mode,
		.uid = st->st_uid,
		.gid = st->st_gid,
	};
}
