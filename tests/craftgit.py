# SPDX-License-Identifier: GPL-2.0-only
#
# craftgit.py: hostile git objects for the tests (t056), written with
# python3's zlib and hashlib only.
#
#   craftgit.py loose OBJDIR ID TYPE DECLARED FILE   a loose object named ID
#       holding FILE's bytes under a header that declares DECLARED bytes
#   craftgit.py bomb OBJDIR ID SIZE      a blob ID of SIZE zero bytes,
#       compressed (a zlib bomb)
#   craftgit.py truncate OBJDIR ID       ID's loose file less its last bytes
#   craftgit.py cycle PACKDIR ID [LEN]   a pack whose only objects are ID
#       and LEN-1 others (2 by default), each a REF_DELTA against the
#       next, the last against ID (LEN 1: ID against itself)
#   craftgit.py fanout IDX               fanout[255] = 0xffffffff
#   craftgit.py tree OBJDIR MODE NAME ID...  a loose tree of these
#       entries, in the order given (duplicates kept); prints its id
import hashlib
import os
import struct
import sys
import zlib


def obj_path(objdir, hexid):
    return os.path.join(objdir, hexid[:2], hexid[2:])


def put(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        os.chmod(path, 0o644)
    with open(path, 'wb') as f:
        f.write(data)


def loose(objdir, hexid, typ, declared, src):
    body = open(src, 'rb').read()
    put(obj_path(objdir, hexid),
        zlib.compress(b'%s %d\0' % (typ.encode(), int(declared)) + body))


def bomb(objdir, hexid, size):
    size = int(size)
    z = zlib.compressobj(9)
    out = [z.compress(b'blob %d\0' % size)]
    chunk = bytes(1 << 20)
    for _ in range(size >> 20):
        out.append(z.compress(chunk))
    out.append(z.flush())
    put(obj_path(objdir, hexid), b''.join(out))


def truncate(objdir, hexid):
    p = obj_path(objdir, hexid)
    data = open(p, 'rb').read()
    put(p, data[:len(data) - 6])


def varint_size(n):
    out = bytearray()
    while True:
        b = n & 0x7f
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def entry_header(typ, size):
    b = typ << 4 | (size & 15)
    size >>= 4
    out = bytearray()
    while size:
        out.append(b | 0x80)
        b = size & 0x7f
        size >>= 7
    out.append(b)
    return bytes(out)


def cycle(packdir, hexid, length='2'):
    ids = [bytes.fromhex(hexid)]
    for k in range(1, int(length)):
        ids.append(hashlib.sha1(b'blob 0\0spdxfs cycle %d' % k).digest())
    # each a delta that copies its base's first 8 bytes twice, against
    # the next id, the last against the first (one: against itself)
    delta = varint_size(8) + varint_size(16) + bytes([0x90, 8, 0x90, 8])
    entries = {}
    pack = bytearray(b'PACK' + struct.pack('>II', 2, len(ids)))
    for k, me in enumerate(ids):
        base = ids[(k + 1) % len(ids)]
        entries[me] = len(pack)
        pack += entry_header(7, len(delta)) + base + zlib.compress(delta)
    pack += hashlib.sha1(pack).digest()
    ids = sorted(entries)
    idx = bytearray(b'\377tOc' + struct.pack('>I', 2))
    for k in range(256):
        idx += struct.pack('>I', sum(1 for i in ids if i[0] <= k))
    for i in ids:
        idx += i
    for i in ids:
        idx += struct.pack('>I', 0)
    for i in ids:
        idx += struct.pack('>I', entries[i])
    idx += pack[-20:]
    idx += hashlib.sha1(idx).digest()
    name = os.path.join(packdir, 'pack-' + hashlib.sha1(pack[:-20]).hexdigest())
    put(name + '.pack', bytes(pack))
    put(name + '.idx', bytes(idx))


def fanout(idx):
    data = bytearray(open(idx, 'rb').read())
    data[8 + 255 * 4:8 + 256 * 4] = b'\xff\xff\xff\xff'
    put(idx, bytes(data))


def tree(objdir, *args):
    body = b''
    for k in range(0, len(args), 3):
        mode, name, hexid = args[k:k + 3]
        body += b'%s %s\0' % (mode.encode(), name.encode()) + bytes.fromhex(hexid)
    data = b'tree %d\0' % len(body) + body
    hexid = hashlib.sha1(data).hexdigest()
    put(obj_path(objdir, hexid), zlib.compress(data))
    print(hexid)


cmds = {'loose': loose, 'bomb': bomb, 'truncate': truncate, 'cycle': cycle,
        'fanout': fanout, 'tree': tree}
if len(sys.argv) < 2 or sys.argv[1] not in cmds:
    sys.exit('usage: craftgit.py loose|bomb|truncate|cycle|fanout|tree ARGS...')
cmds[sys.argv[1]](*sys.argv[2:])
