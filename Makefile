# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs: one non-recursive Makefile.
#
#   make                 build ./spdxfs
#   make check           unit tests (also under ASan+UBSan) and shell tests
#   make check-kernel    the kernel loop on Debian's linux-source-6.1
#   make bench           benchmarks on the 6.1 tree
#   make install         PREFIX=/usr/local DESTDIR=
#   make SAN=1 ...       build with AddressSanitizer+UndefinedBehaviorSanitizer
#                        (objects go to build-san/)

CC       ?= gcc
CFLAGS   ?= -O2 -g
PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
MANDIR   ?= $(PREFIX)/share/man
PKG_CONFIG ?= pkg-config

WARN     := -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare \
	    -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla
CPPFLAGS += -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -Iindex -Ifusefs
ALL_CFLAGS = -std=c11 $(WARN) -pthread $(CFLAGS)

FUSE_CFLAGS := $(shell $(PKG_CONFIG) --cflags fuse3 2>/dev/null)
FUSE_LIBS   := $(shell $(PKG_CONFIG) --libs fuse3 2>/dev/null)
GIT_CFLAGS  := $(shell $(PKG_CONFIG) --cflags libgit2 2>/dev/null)
GIT_LIBS    := $(shell $(PKG_CONFIG) --libs libgit2 2>/dev/null)

ifeq ($(SAN),1)
B        := build-san
ALL_CFLAGS += -O1 -fsanitize=address,undefined -fno-omit-frame-pointer \
	      -fno-sanitize-recover=undefined
LDFLAGS  += -fsanitize=address,undefined
else
B        := build
endif

INDEX_SRC := $(sort $(wildcard index/*.c))
FUSE_SRC  := $(sort $(wildcard fusefs/*.c))
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

all: $(PROGRAM)

$(B)/index/%.o: index/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(GIT_CFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(B)/fusefs/%.o: fusefs/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(FUSE_CFLAGS) $(GIT_CFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(LIBINDEX): $(INDEX_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(PROGRAM): $(FUSE_OBJ) $(LIBINDEX)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(FUSE_OBJ) $(LIBINDEX) \
		$(FUSE_LIBS) $(GIT_LIBS) -pthread

$(B)/tests/%: tests/unit/%.c $(LIBINDEX)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(GIT_CFLAGS) $(ALL_CFLAGS) -Itests/unit -MMD -MP \
		$(LDFLAGS) -o $@ $< $(LIBINDEX) $(GIT_LIBS) -pthread

units: $(UNIT_BIN)

SH_TESTS  := $(sort $(wildcard tests/t[0-9]*.sh))
# valgrind and ASan do not mix: the valgrind test runs on the plain build.
SAN_SH_TESTS := $(filter-out tests/t005-valgrind.sh,$(SH_TESTS))

# Unit tests and shell tests (all TAP), then both again with the binaries
# built under ASan+UBSan.
check: all units
	prove -f $(UNIT_BIN) $(SH_TESTS)
	$(MAKE) --no-print-directory SAN=1 check-san

check-unit: units
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		prove -f $(UNIT_BIN)

check-san: all check-unit
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		SPDXFS=$(CURDIR)/$(PROGRAM) prove -f $(SAN_SH_TESTS)

check-kernel: all
	kernel-tree-scripts/loop

$(B)/bench/floor: tests/bench/floor.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $< $(LDFLAGS)

bench: all $(B)/bench/floor
	FLOOR=$(CURDIR)/$(B)/bench/floor tests/bench/run

# make fuzz: libFuzzer harnesses (tests/fuzz/fuzz_*.c, clang) for the
# expression parser, the tag scanner, the LICENSES/ reader and the saved
# index's loader, each run FUZZ_SECONDS over seeds that tests/fuzz/corpus
# takes from the 6.1 tree into FUZZ_CORPUS.  Fails on the first crash.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_CORPUS  ?= build/fuzz-corpus
FUZZ_B       := build/fuzz
FUZZ_TREE    := $(CURDIR)/$(FUZZ_B)/tree
FUZZ_TARGETS := expr scan licenses store
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
		-DFUZZ_TREE='"$(FUZZ_TREE)"' -o $@ $< $(FUZZ_LIB) $(GIT_LIBS)

fuzz: all $(FUZZ_TARGETS:%=$(FUZZ_B)/fuzz_%)
	tests/fuzz/corpus $(FUZZ_CORPUS) $(CURDIR)/$(PROGRAM) $(FUZZ_TREE)
	@for t in $(FUZZ_TARGETS); do \
		tests/fuzz/run $(FUZZ_B)/fuzz_$$t $(FUZZ_CORPUS)/$$t \
			$(FUZZ_B)/work/$$t $(FUZZ_SECONDS) || exit 1; \
	done

.PHONY: fuzz
-include $(wildcard $(FUZZ_B)/index/*.d)

install: all
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 spdxfs $(DESTDIR)$(BINDIR)/spdxfs

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/spdxfs

clean:
	rm -rf build build-san spdxfs

.PHONY: all units check check-unit check-san check-kernel bench install uninstall clean

-include $(wildcard $(B)/index/*.d $(B)/fusefs/*.d $(B)/tests/*.d)
