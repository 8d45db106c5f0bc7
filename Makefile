# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs: one non-recursive Makefile.
#
#   make                 build ./spdxfs
#   make check           unit tests (also under ASan+UBSan) and shell tests
#   make check-kernel    the kernel loop on Debian's linux-source-6.1,
#                        with 6.12's decisions adopted (loop -U)
#   make bench           benchmarks on the 6.1 tree
#   make stress          readers and a writer on a mounted fixture tree
#                        for STRESS_SECONDS (60)
#   make eval            the series against the 6.1 and 6.12 trees' own tags,
#                        and copyright statements against licensecheck
#   make install         PREFIX=/usr/local DESTDIR=
#   make SAN=1 ...       build with AddressSanitizer+UndefinedBehaviorSanitizer
#                        (objects go to build-san/)

CC       ?= gcc
CFLAGS   ?= -O2 -g
PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
MANDIR   ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
PKG_CONFIG ?= pkg-config

WARN     := -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare \
	    -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla
CPPFLAGS += -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -Iindex -Ifusefs
ALL_CFLAGS = -std=c11 $(WARN) -pthread $(CFLAGS)

FUSE_CFLAGS := $(shell $(PKG_CONFIG) --cflags fuse3 2>/dev/null)
FUSE_LIBS   := $(shell $(PKG_CONFIG) --libs fuse3 2>/dev/null)
# libgit2 and libcrypto are linked as any library; libgit2 is initialised
# only when first needed (index/git/libgit2.c).
GIT_CFLAGS  := $(shell $(PKG_CONFIG) --cflags libgit2 2>/dev/null)
GIT_LIBS    := $(shell $(PKG_CONFIG) --libs libgit2 2>/dev/null)
CRYPTO_CFLAGS := $(shell $(PKG_CONFIG) --cflags libcrypto 2>/dev/null)
CRYPTO_LIBS   := $(shell $(PKG_CONFIG) --libs libcrypto 2>/dev/null || echo -lcrypto)
# zlib: a blob's first bytes inflated from its pack (index/git/packhead.c).
ZLIB_LIBS   := $(shell $(PKG_CONFIG) --libs zlib 2>/dev/null || echo -lz)

ifeq ($(SAN),1)
B        := build-san
ALL_CFLAGS += -O1 -fsanitize=address,undefined -fno-omit-frame-pointer \
	      -fno-sanitize-recover=undefined
LDFLAGS  += -fsanitize=address,undefined
else
B        := build
endif

INDEX_SRC := $(sort $(wildcard index/*.c index/*/*.c))
FUSE_SRC  := $(sort $(wildcard fusefs/*.c fusefs/*/*.c))
UNIT_SRC  := $(sort $(wildcard tests/unit/test_*.c))

INDEX_OBJ := $(INDEX_SRC:%.c=$(B)/%.o)
FUSE_OBJ  := $(FUSE_SRC:%.c=$(B)/%.o)
UNIT_BIN  := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)
LIBINDEX  := $(B)/libspdxindex.a

ifeq ($(SAN),1)
PROGRAM   := $(B)/spdxfs
else
PROGRAM   := spdxfs
endif

# The version, for the man page: index/util/version.h holds its one definition.
VERSION  := $(shell sed -n 's/^.define SPDXFS_VERSION "\(.*\)"$$/\1/p' index/util/version.h)
MANPAGE  := build/spdxfs.1

all: $(PROGRAM) $(MANPAGE)

$(MANPAGE): fusefs/spdxfs.1 index/util/version.h
	@mkdir -p $(@D)
	sed 's/@VERSION@/$(VERSION)/g' fusefs/spdxfs.1 >$@

$(B)/index/%.o: index/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(GIT_CFLAGS) $(CRYPTO_CFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(B)/fusefs/%.o: fusefs/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(FUSE_CFLAGS) $(GIT_CFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# The member list is a prerequisite too, so that a module moved out of
# index/ leaves the archive rather than lingering in it.
$(B)/index/members: FORCE
	@mkdir -p $(@D)
	@echo '$(INDEX_OBJ)' | cmp -s - $@ || echo '$(INDEX_OBJ)' >$@

$(LIBINDEX): $(INDEX_OBJ) $(B)/index/members
	@rm -f $@
	$(AR) rcs $@ $(INDEX_OBJ)

$(PROGRAM): $(FUSE_OBJ) $(LIBINDEX)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(FUSE_OBJ) $(LIBINDEX) \
		$(FUSE_LIBS) $(GIT_LIBS) $(CRYPTO_LIBS) $(ZLIB_LIBS) -pthread

$(B)/tests/%: tests/unit/%.c $(LIBINDEX)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(GIT_CFLAGS) $(ALL_CFLAGS) -Itests/unit -MMD -MP \
		$(LDFLAGS) -o $@ $< $(filter %.o,$^) $(LIBINDEX) $(TEST_LIBS) $(GIT_LIBS) \
		$(CRYPTO_LIBS) $(ZLIB_LIBS) -pthread

# The views and their attributes build without FUSE: their test links them.
$(B)/tests/test_views: $(B)/fusefs/views.o $(B)/fusefs/views_files.o \
	$(B)/fusefs/snapshot.o $(B)/fusefs/xattr.o

# The watcher's thread, with the test's own fs_update().
$(B)/tests/test_watch: $(B)/fusefs/watch.o $(B)/fusefs/views.o \
	$(B)/fusefs/views_files.o $(B)/fusefs/snapshot.o $(B)/fusefs/xattr.o $(B)/fusefs/publish.o $(B)/fusefs/log.o
$(B)/tests/test_watch: CPPFLAGS += $(FUSE_CFLAGS)
$(B)/tests/test_watch: TEST_LIBS += $(FUSE_LIBS)

# Every allocation of the library fails in turn: its calls to the
# allocator are wrapped at link time (the C library's own are not).
$(B)/tests/test_oom: LDFLAGS += -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc \
	-Wl,--wrap=strdup,--wrap=strndup

units: $(UNIT_BIN)

SH_TESTS  := $(sort $(wildcard tests/t[0-9]*.sh))
# valgrind and ASan do not mix: the valgrind test runs on the plain build.
SAN_SH_TESTS := $(filter-out tests/t005-valgrind.sh,$(SH_TESTS))

# Unit tests and shell tests (all TAP), then both again with the binaries
# built under ASan+UBSan.  PROVE_JOBS at once: most tests wait on mounts,
# watchers and sleeps more than they compute, so three share two CPUs.
PROVE_JOBS ?= 3
check: all units
	SPDXFS_LIBINDEX=$(CURDIR)/$(LIBINDEX) prove -f -j$(PROVE_JOBS) $(UNIT_BIN) $(SH_TESTS)
	$(MAKE) --no-print-directory SAN=1 check-san

check-unit: units
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		prove -f -j$(PROVE_JOBS) $(UNIT_BIN)

check-san: all check-unit
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		SPDXFS=$(CURDIR)/$(PROGRAM) SPDXFS_LIBINDEX=$(CURDIR)/$(LIBINDEX) \
		prove -f -j$(PROVE_JOBS) $(SAN_SH_TESTS)

check-kernel: all
	kernel-tree-scripts/loop -U

$(B)/bench/floor: tests/bench/floor.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $< $(LDFLAGS)

bench: all $(B)/bench/floor
	FLOOR=$(CURDIR)/$(B)/bench/floor tests/bench/run

# Not in check: it takes STRESS_SECONDS and both cores.
STRESS_SECONDS ?= 60
stress: all
	STRESS_SECONDS=$(STRESS_SECONDS) tests/stress/run

# make fuzz: libFuzzer harnesses (tests/fuzz/fuzz_*.c, clang) for the
# expression parser, the tag scanner, the copyright extractor, the
# LICENSES/ reader, the saved index's loader, the .git/index parser, the
# pack reader, the loose-object reader and the thin archive reader of
# build directories, each run
# FUZZ_SECONDS over seeds that tests/fuzz/corpus takes from the 6.1 tree
# into FUZZ_CORPUS.
# Fails on the first crash.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_CORPUS  ?= build/fuzz-corpus
FUZZ_B       := build/fuzz
FUZZ_TREE    := $(CURDIR)/$(FUZZ_B)/tree
FUZZ_TARGETS := expr scan copyright licenses store gitindex packhead loose thinar toml
FUZZ_CFLAGS  := -std=c11 -g -O1 -pthread -fno-omit-frame-pointer \
		-fsanitize=address,undefined -fno-sanitize-recover=undefined \
		-DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
FUZZ_LIB     := $(FUZZ_B)/libspdxindex.a

$(FUZZ_B)/index/%.o: index/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) $(GIT_CFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link \
		-MMD -MP -c -o $@ $<

$(FUZZ_LIB): $(INDEX_SRC:%.c=$(FUZZ_B)/%.o)
	@rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_B)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIB)
	$(FUZZ_CC) $(CPPFLAGS) $(GIT_CFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
		-DFUZZ_TREE='"$(FUZZ_TREE)"' -o $@ $< $(FUZZ_LIB) $(GIT_LIBS) $(CRYPTO_LIBS) $(ZLIB_LIBS)

fuzz: all $(FUZZ_TARGETS:%=$(FUZZ_B)/fuzz_%)
	tests/fuzz/corpus $(FUZZ_CORPUS) $(CURDIR)/$(PROGRAM) $(FUZZ_TREE)
	@for t in $(FUZZ_TARGETS); do \
		tests/fuzz/run $(FUZZ_B)/fuzz_$$t $(FUZZ_CORPUS)/$$t \
			$(FUZZ_B)/work/$$t $(FUZZ_SECONDS) || exit 1; \
	done

-include $(wildcard $(FUZZ_B)/index/*.d $(FUZZ_B)/index/*/*.d)

# Not in check: it fetches the 6.12 tree and takes about a minute a tree.
eval: all
	tests/eval/run "$$(kernel-tree-scripts/fetch -q)" "$$(kernel-tree-scripts/fetch-6.12 -q)"
	SPDXFS=$(CURDIR)/$(PROGRAM) tests/eval/copyright "$$(kernel-tree-scripts/fetch -q)"

# The program, its man page and its bash completion; uninstall removes
# exactly these three files.
install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR)
	install -m 755 spdxfs $(DESTDIR)$(BINDIR)/spdxfs
	install -m 644 $(MANPAGE) $(DESTDIR)$(MANDIR)/man1/spdxfs.1
	install -m 644 fusefs/spdxfs.bash $(DESTDIR)$(BASHCOMPDIR)/spdxfs

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/spdxfs $(DESTDIR)$(MANDIR)/man1/spdxfs.1 \
		$(DESTDIR)$(BASHCOMPDIR)/spdxfs

clean:
	rm -rf build build-san spdxfs

FORCE:

.PHONY: all units check check-unit check-san check-kernel bench stress fuzz eval install \
	uninstall clean

-include $(wildcard $(B)/index/*.d $(B)/index/*/*.d $(B)/fusefs/*.d \
	$(B)/fusefs/*/*.d $(B)/tests/*.d)
