#!/usr/bin/env python3
"""release.py - TECH's release files: the Windows zip and the source archive (make dist), the
Debian package (make deb), and the check that every link of their documents resolves inside them.

usage:
  release.py windows --version V --exe tech.exe [--out build/dist]
      build/dist/tech-V-windows-x86_64.zip: tech.exe, LICENSE, the documents of packaging/docs.list
      at their paths (its README.md is packaging/README-windows.md) and the manual page as text
      (docs/tech.6.txt), in a folder of that name; every link of every Markdown file in it must
      resolve inside it, and every path its README names (a link, or a code span such as
      `docs/tech.6.txt`) must be in it, else nothing is written.
  release.py source --version V [--out build/dist]
      build/dist/tech-V.tar.gz: the source tree (git's tracked files as they are in the work
      tree, or the tree itself outside a checkout) in a folder tech-V, its VERSION file holding V.
  release.py deb --version V [--out build/deb]
      the Debian package build/deb/tech_V_ARCH.deb, built by dpkg-buildpackage from the source
      archive with packaging/debian/ as its debian/ folder, in a staging folder under build/ that
      is removed afterwards; then check-deb and lintian, which must report no error.
  release.py check-deb DEB
      the package holds every file it must (DEB_FILES below and the documents of packaging/docs.list
      under /usr/share/doc/tech), XBoard's engine-list entry is in the Debian engines' format, and
      every link of its documents resolves inside it.
  release.py check-links ZIP|FOLDER [FOLDER-IN-IT]
      every link of every Markdown file (in a zip: under its one top folder) resolves: the file
      exists, and a #fragment names a heading of the Markdown file it points into; where tech.exe
      is there too (the Windows zip), every path its README names is there.
  release.py need COMMAND=PACKAGE ...
      exit 1, naming the Debian packages to install, if a COMMAND is not on the PATH.

Each archive gets a SHA-256 sum file beside it (NAME.sha256, the format `sha256sum -c` reads) and
replaces the older ones of its kind in its folder, so that `build/dist/tech-*.tar.gz` names one.
Files are written under a temporary name and renamed when complete, so a failed run leaves no
half-written archive. Standard library only, beside the Debian tools that `deb` runs.
"""
import email.utils
import gzip
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS_LIST = os.path.join(ROOT, "packaging", "docs.list")
MANUAL = "docs/tech.6"
MANUAL_TEXT = "docs/tech.6.txt"
# The zip's README: Windows first (tech.exe, Arena, Cute Chess, BanksiaGUI, no make), naming only
# files that are in the zip; the source tree's README.md is the Linux one.
WINDOWS_README = "packaging/README-windows.md"
# What the Debian package must hold beside the documents: the engine where Debian's games go, its
# manual page, XBoard's engine-list entry and logo (where fairymax, gnuchess and phalanx put
# theirs), the opening set, the copyright file.
DEB_FILES = ["usr/games/tech", "usr/share/man/man6/tech.6.gz", "usr/share/games/plugins/xboard/tech.eng",
             "usr/share/games/plugins/logos/tech.png", "usr/share/games/tech/openings.epd",
             "usr/share/games/tech/openings.pgn", "usr/share/doc/tech/copyright"]
DEB_DOC = "usr/share/doc/tech"
# XBoard's plugin spec, as the Debian engines write it: the version, the command, the variants
# (XBoard's names, comma-separated: `chess` for normal chess, `fischerandom` for Chess960).
ENG_TEXT = "plugin spec 0.0\ntech\nchess,fischerandom\n"
# What a tree outside git holds that is not source: the build folder, the binaries (.gitignore).
NOT_SOURCE_DIRS = {"build", ".git", "__pycache__"}
NOT_SOURCE_TOP = {"tech", "tech.exe", "tech-debug", "tech-asan", "tech-tsan", "tech-clang", "tech-prof"}


class ReleaseError(Exception):
    """What went wrong, for the user; the run exits 1 with it."""


# ---------------------------------------------------------------------------------------------
# Links
# ---------------------------------------------------------------------------------------------

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)


def markdown_links(text):
    """The targets of the inline links and images of a Markdown text, outside code."""
    text = CODE_SPAN.sub("", FENCE.sub("", text))
    return LINK.findall(text)


def heading_anchors(text):
    """The fragments that name the headings of a Markdown text, as GitHub makes them: lower
    case, formatting and punctuation dropped, spaces to hyphens, a repeat numbered -1, -2..."""
    anchors, seen = set(), {}
    for title in HEADING.findall(FENCE.sub("", text)):
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title)  # a link keeps its text
        slug = re.sub(r"[^\w\- ]", "", title.replace("`", "").lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def broken_links(files):
    """[(document, target, why)] for every link of every Markdown file in `files`, a dict
    {relative path: bytes or None (a folder)}, that does not resolve among them."""
    broken = []
    for path in sorted(p for p in files if p.endswith(".md")):
        text = files[path].decode("utf-8")
        for target in markdown_links(text):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto: ...: not ours
                continue
            name, _, fragment = target.partition("#")
            where = os.path.normpath(os.path.join(os.path.dirname(path), name)) if name else path
            where = where.replace(os.sep, "/")
            if where not in files and where.rstrip("/") not in files:
                broken.append((path, target, "no such file"))
            elif fragment and where.endswith(".md"):
                if fragment not in heading_anchors(files[where].decode("utf-8")):
                    broken.append((path, target, f"no heading #{fragment} in {where}"))
    return broken


# A code span that reads as a relative path: a folder (`docs/`, `tests/protocol`) or a file with a
# named extension (`tech.exe`, `docs/tech.6.txt`); not `x12.5`, `e2e4`, `C:\Engines` or `/usr/lib`.
NAMED_PATH = re.compile(r"^(?:[\w-][\w.-]*/)+[\w.-]*$|^[\w-][\w.-]*\.[A-Za-z]\w*$")


def named_paths(text):
    """The relative paths a Markdown text names, outside fenced code: its links' targets (not a
    URL, without a #fragment) and the code spans that read as a path."""
    text = FENCE.sub("", text)
    spans = [m.group(0).strip("`").strip() for m in CODE_SPAN.finditer(text)]
    links = [t.partition("#")[0] for t in markdown_links(text) if not re.match(r"^[a-z][a-z0-9+.-]*:", t, re.I)]
    return sorted({p for p in spans if NAMED_PATH.match(p)} | {p for p in links if p})


def missing_named_paths(files, document="README.md"):
    """The paths `document` names that are not among `files` ({relative path: bytes or None})."""
    folder = os.path.dirname(document)
    missing = []
    for name in named_paths(files[document].decode("utf-8")):
        where = os.path.normpath(os.path.join(folder, name)).replace(os.sep, "/")
        if where not in files and where.rstrip("/") not in files:
            missing.append(name)
    return missing


def archive_files(path, top=None):
    """{relative path: bytes or None} of a zip (below its one top folder, or `top`) or a folder."""
    files = {}
    if os.path.isdir(path):
        for folder, dirs, names in os.walk(path, followlinks=True):
            rel = os.path.relpath(folder, path).replace(os.sep, "/")
            for d in dirs:
                files[os.path.normpath(os.path.join(rel, d)).replace(os.sep, "/")] = None
            for n in names:
                with open(os.path.join(folder, n), "rb") as f:
                    files[os.path.normpath(os.path.join(rel, n)).replace(os.sep, "/")] = f.read()
        return files
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        if top is None:
            tops = {n.split("/", 1)[0] for n in names}
            if len(tops) != 1:
                raise ReleaseError(f"{path}: not one top folder but {sorted(tops)}")
            top = tops.pop()
        for n in names:
            if n.startswith(top + "/") and n != top + "/":
                rel = n[len(top) + 1:]
                files[rel.rstrip("/")] = None if n.endswith("/") else z.read(n)
    return files


def check_links(path, top=None):
    """A line saying how many links resolve; ReleaseError naming each one that does not."""
    files = archive_files(path, top)
    total = sum(len([t for t in markdown_links(files[p].decode("utf-8"))
                     if not re.match(r"^[a-z][a-z0-9+.-]*:", t, re.I)])
                for p in files if p.endswith(".md"))
    broken = broken_links(files)
    named = ""
    if "tech.exe" in files and "README.md" in files:  # the Windows zip: its README names only what it holds
        missing = missing_named_paths(files)
        broken += [("README.md", name, "named, not in the zip") for name in missing]
        total_named = len(named_paths(files["README.md"].decode("utf-8")))
        named = f"; paths README.md names: {total_named - len(missing)} of {total_named} in it"
    readme = [t for t in markdown_links(files.get("README.md", b"").decode("utf-8"))
              if not re.match(r"^[a-z][a-z0-9+.-]*:", t, re.I)]
    readme_broken = [b for b in broken if b[0] == "README.md"]
    summary = (f"{path}: README.md: {len(readme) - len(readme_broken)} of {len(readme)} links resolve; "
               f"all documents: {total - len(broken)} of {total}{named}")
    if broken:
        raise ReleaseError(f"{len(broken)} links do not resolve inside {path}:\n" + summary + "\n" +
                           "\n".join(f"  {document}: {target}: {why}" for document, target, why in broken))
    return summary


# ---------------------------------------------------------------------------------------------
# Files, sums, tools
# ---------------------------------------------------------------------------------------------

def docs_list():
    with open(DOCS_LIST) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def need(pairs):
    """Raise ReleaseError naming the Debian packages of the commands not on the PATH."""
    missing = sorted({package for command, package in pairs if not shutil.which(command)})
    if missing:
        raise ReleaseError("missing tools; on Debian or Ubuntu: sudo apt-get install " + " ".join(missing))


def write_atomically(path, write):
    """Call write(file object) on a temporary file beside `path`, then rename it to `path`."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=".part-", dir=os.path.dirname(path) or ".")
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def drop_older(out_dir, keep, suffix):
    """Remove the other tech-*SUFFIX files (and their sums) from out_dir: it holds the latest of
    each kind, so that `build/dist/tech-*.tar.gz` names one file."""
    for name in os.listdir(out_dir):
        base = name[:-len(".sha256")] if name.endswith(".sha256") else name
        if name.startswith("tech") and base.endswith(suffix) and base != os.path.basename(keep):
            os.unlink(os.path.join(out_dir, name))


def write_sum(path):
    """NAME.sha256 beside `path`: `HEX  NAME`."""
    with open(path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    line = f"{digest}  {os.path.basename(path)}\n".encode()
    write_atomically(path + ".sha256", lambda f: f.write(line))
    return digest


def run(args, cwd=ROOT, **extra):
    return subprocess.run(args, cwd=cwd, capture_output=True, check=False, **extra)


def in_git():
    out = run(["git", "rev-parse", "--show-toplevel"]) if shutil.which("git") else None
    return out is not None and out.returncode == 0 and \
        os.path.realpath(out.stdout.decode().strip()) == os.path.realpath(ROOT)


def source_time():
    """The time the archives carry: SOURCE_DATE_EPOCH, else the commit's, else now."""
    if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        return int(os.environ["SOURCE_DATE_EPOCH"])
    if in_git():
        out = run(["git", "log", "-1", "--format=%ct"])
        if out.returncode == 0 and out.stdout.strip().isdigit():
            return int(out.stdout)
    return int(time.time())


def manual_text():
    """The manual page rendered as plain UTF-8 text by groff (no bold, underline or colour)."""
    need([("groff", "groff-base")])
    out = run(["groff", "-man", "-Tutf8", "-P-cbou", "-ww", MANUAL])
    if out.returncode != 0 or not out.stdout.strip():
        raise ReleaseError(f"groff could not render {MANUAL}: {out.stderr.decode()[-500:]}")
    return out.stdout


# ---------------------------------------------------------------------------------------------
# The Windows zip
# ---------------------------------------------------------------------------------------------

def windows_zip(version, exe, out_dir):
    name = f"tech-{version}-windows-x86_64"
    path = os.path.join(out_dir, name + ".zip")
    stamp = time.localtime(max(source_time(), 315532800))[:6]  # a zip dates from 1980 on
    members = [("tech.exe", open(exe, "rb").read()), ("LICENSE", open(os.path.join(ROOT, "LICENSE"), "rb").read())]
    for rel in docs_list():
        with open(os.path.join(ROOT, WINDOWS_README if rel == "README.md" else rel), "rb") as f:
            members.append((rel, f.read()))
    members.append((MANUAL_TEXT, manual_text()))
    files = {rel: data for rel, data in members}
    for rel in list(files):  # the folders too, as a zip tool shows them
        parts = rel.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            files.setdefault("/".join(parts[:i]), None)
    broken = broken_links(files) + [("README.md", name, "named, not in the zip") for name in missing_named_paths(files)]
    if broken:
        raise ReleaseError("links that would not resolve in the zip: " +
                           "; ".join(f"{d}: {t} ({why})" for d, t, why in broken[:10]))

    def write(f):
        with zipfile.ZipFile(f, "w", zipfile.ZIP_DEFLATED) as z:
            for rel, data in members:
                info = zipfile.ZipInfo(f"{name}/{rel}", stamp)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = (0o755 if rel.endswith(".exe") else 0o644) << 16
                z.writestr(info, data)
    write_atomically(path, write)
    try:
        summary = check_links(path)
    except ReleaseError:
        os.unlink(path)
        raise
    write_sum(path)
    drop_older(out_dir, path, "-windows-x86_64.zip")
    return path, summary


# ---------------------------------------------------------------------------------------------
# The source archive
# ---------------------------------------------------------------------------------------------

def source_members(prefix):
    """[(TarInfo, bytes or None)] of the source tree under `prefix`/: git's tracked files as they
    are in the work tree (uncommitted changes included), or, outside a checkout, every file but
    the build folder and the binaries."""
    members = []
    if in_git():
        tree = run(["git", "stash", "create"]).stdout.decode().strip() or "HEAD"
        out = run(["git", "archive", "--format=tar", f"--prefix={prefix}/", tree])
        if out.returncode != 0:
            raise ReleaseError("git archive failed: " + out.stderr.decode()[-500:])
        with tarfile.open(fileobj=io.BytesIO(out.stdout)) as t:
            for info in t.getmembers():
                members.append((info, t.extractfile(info).read() if info.isfile() else None))
        return members
    for folder, dirs, names in os.walk(ROOT):
        rel_folder = os.path.relpath(folder, ROOT)
        dirs[:] = sorted(d for d in dirs if d not in NOT_SOURCE_DIRS)
        for n in sorted(names):
            rel = os.path.normpath(os.path.join(rel_folder, n))
            if rel in NOT_SOURCE_TOP or n.endswith(".pyc"):
                continue
            full = os.path.join(folder, n)
            info = tarfile.TarInfo(f"{prefix}/{rel}")
            if os.path.islink(full):
                info.type, info.linkname = tarfile.SYMTYPE, os.readlink(full)
                members.append((info, None))
                continue
            with open(full, "rb") as f:
                data = f.read()
            info.size, info.mode = len(data), 0o755 if os.access(full, os.X_OK) else 0o644
            members.append((info, data))
    return members


def source_archive(version, out_dir):
    name = f"tech-{version}"
    path = os.path.join(out_dir, name + ".tar.gz")
    stamp = source_time()
    members = source_members(name)
    if not any(info.name == f"{name}/VERSION" for info, _ in members):
        raise ReleaseError("the source tree has no VERSION file")

    def write(f):
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=stamp) as gz:
            with tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as t:
                for info, data in members:
                    if info.name == f"{name}/VERSION":
                        data = (version + "\n").encode()
                        info.size = len(data)
                    info.mtime, info.uid, info.gid, info.uname, info.gname = stamp, 0, 0, "root", "root"
                    t.addfile(info, io.BytesIO(data) if data is not None else None)
    write_atomically(path, write)
    write_sum(path)
    drop_older(out_dir, path, ".tar.gz")
    return path


# ---------------------------------------------------------------------------------------------
# The Debian package
# ---------------------------------------------------------------------------------------------

def debian_changelog(version):
    with open(os.path.join(ROOT, "packaging", "debian", "control")) as f:
        maintainer = re.search(r"^Maintainer:\s*(.+)$", f.read(), re.M).group(1)
    date = email.utils.formatdate(source_time(), localtime=False)
    return (f"tech ({version}) unstable; urgency=medium\n\n"
            f"  * TECH {version}, packaged from its source tree by `make deb`.\n\n"
            f" -- {maintainer}  {date}\n")


def debian_package(version, out_dir):
    need([("dpkg-buildpackage", "dpkg-dev"), ("dh", "debhelper"), ("dpkg-deb", "dpkg"),
          ("lintian", "lintian"), ("cc", "gcc"), ("make", "make")])
    if not re.fullmatch(r"[0-9][A-Za-z0-9.+~]*", version):
        raise ReleaseError(f"{version!r} is no Debian version of a native package (a digit first, then "
                           "letters, digits and . + ~): set TECH_VERSION")
    arch = run(["dpkg", "--print-architecture"]).stdout.decode().strip()
    deb_name = f"tech_{version}_{arch}.deb"
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    staging = tempfile.mkdtemp(prefix="deb-staging-", dir=os.path.join(ROOT, "build"))
    try:
        source = os.path.join(staging, f"tech-{version}")
        with tarfile.open(source_archive(version, staging)) as t:
            t.extractall(staging)
        shutil.copytree(os.path.join(ROOT, "packaging", "debian"), os.path.join(source, "debian"))
        with open(os.path.join(source, "debian", "changelog"), "w") as f:
            f.write(debian_changelog(version))
        env = {k: v for k, v in os.environ.items()
               if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "WERROR", "TECH_VERSION", "CFLAGS", "LDFLAGS")}
        print(f"dpkg-buildpackage in {os.path.relpath(source, ROOT)} ...", flush=True)
        build = subprocess.run(["dpkg-buildpackage", "-us", "-uc", "-b", "-jauto"], cwd=source, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        log = build.stdout.decode("utf-8", "replace")
        if build.returncode != 0:
            print(log[-6000:])
            raise ReleaseError(f"dpkg-buildpackage failed (status {build.returncode})")
        built = os.path.join(staging, deb_name)
        lint = run(["lintian", "--fail-on", "error", "--display-info", "--tag-display-limit", "0", built])
        report = lint.stdout.decode().strip()
        counts = {kind: len(re.findall(rf"^{kind}: ", report, re.M)) for kind in "EWIP"}
        print(f"lintian: {counts['E']} errors, {counts['W']} warnings, {counts['I']} informational"
              + (":\n" + report if report else ""))
        if lint.returncode != 0 or counts["E"]:
            raise ReleaseError(f"lintian reports errors on {deb_name}:\n{lint.stderr.decode()[-2000:]}")
        print(check_deb(built))
        os.makedirs(out_dir, exist_ok=True)
        path = os.path.join(out_dir, deb_name)
        shutil.copyfile(built, os.path.join(out_dir, ".part-" + deb_name))
        os.replace(os.path.join(out_dir, ".part-" + deb_name), path)
        write_sum(path)
        drop_older(out_dir, path, ".deb")
        return path
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def check_deb(path):
    """Raise ReleaseError unless the package at `path` holds DEB_FILES and the documents, its
    tech.eng is ENG_TEXT and the links of its documents resolve inside it."""
    need([("dpkg-deb", "dpkg")])
    with tempfile.TemporaryDirectory(prefix="tech-deb-") as tree:
        out = run(["dpkg-deb", "-x", path, tree])
        if out.returncode != 0:
            raise ReleaseError(f"dpkg-deb -x {path}: {out.stderr.decode()[-500:]}")
        wanted = DEB_FILES + [f"{DEB_DOC}/{rel}" for rel in docs_list()]
        missing = [rel for rel in wanted if not os.path.isfile(os.path.join(tree, rel))]
        if missing:
            raise ReleaseError(f"{os.path.basename(path)} lacks " + ", ".join(missing))
        with open(os.path.join(tree, "usr/share/games/plugins/xboard/tech.eng")) as f:
            eng = f.read()
        if eng != ENG_TEXT:
            raise ReleaseError(f"tech.eng holds {eng!r}, not XBoard's plugin spec {ENG_TEXT!r}")
        if not os.access(os.path.join(tree, "usr/games/tech"), os.X_OK):
            raise ReleaseError("usr/games/tech is not executable")
        return f"{os.path.basename(path)}: {len(wanted)} required files there; " + \
            check_links(os.path.join(tree, DEB_DOC)).split(": ", 1)[1]


# ---------------------------------------------------------------------------------------------

def option(args, name, default=None):
    if name in args:
        i = args.index(name)
        if i + 1 < len(args):
            value = args[i + 1]
            del args[i:i + 2]
            return value
        raise ReleaseError(f"{name} needs a value")
    if default is None:
        raise ReleaseError(f"{name} is required")
    return default


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    command, args = argv[0], list(argv[1:])
    try:
        if command == "windows":
            version, exe = option(args, "--version"), option(args, "--exe")
            path, summary = windows_zip(version, exe, option(args, "--out", os.path.join(ROOT, "build", "dist")))
            print(summary)
            print(path)
        elif command == "source":
            version = option(args, "--version")
            print(source_archive(version, option(args, "--out", os.path.join(ROOT, "build", "dist"))))
        elif command == "deb":
            version = option(args, "--version")
            print(debian_package(version, option(args, "--out", os.path.join(ROOT, "build", "deb"))))
        elif command == "check-deb" and len(args) == 1:
            print(check_deb(args[0]))
        elif command == "check-links" and 1 <= len(args) <= 2:
            print(check_links(*args))
        elif command == "need" and args and all("=" in a for a in args):
            need([tuple(a.split("=", 1)) for a in args])
        else:
            print(__doc__.strip())
            return 2
    except ReleaseError as e:
        print(f"release.py {command}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
