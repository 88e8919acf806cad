"""test_repository.py - the repository stands on its own: every document a file names is in it,
and docs/DEVELOPING.md's layout table matches the tree (each folder it lists exists, and each top-level
folder and each part of protocol/ is listed)."""
import os
import re
import shutil
import subprocess
import tempfile

from testlib import check

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEXT_SUFFIXES = (".c", ".h", ".py", ".md", ".sh", ".6", ".txt", "Makefile", "run")
OUTSIDE = "../" + "shared"  # the folder the project's documents came from (spelled so as not to match)
DOCUMENT = re.compile(r"(?<![\w.-])((?:[\w.-]+/)*[\w-]+\.md)\b")


def tracked_files():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:  # not a git checkout (a tarball): every file under the root
        found = []
        for folder, dirs, names in os.walk(ROOT):
            dirs[:] = [d for d in dirs if not d.startswith(".") and d != "build"]
            found += [os.path.relpath(os.path.join(folder, n), ROOT) for n in names]
        return found
    return out.stdout.split()


def test_every_named_document_is_in_the_repository():
    files = tracked_files()
    basenames = {os.path.basename(f) for f in files}
    missing = []
    for path in files:
        if not path.endswith(TEXT_SUFFIXES):
            continue
        with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
            text = f.read()
        if OUTSIDE in text:
            missing.append(f"{path}: {OUTSIDE}")
        for name in DOCUMENT.findall(text):
            here = os.path.normpath(os.path.join(os.path.dirname(path), name))
            if name in files or here in files or os.path.basename(name) in basenames:
                continue
            missing.append(f"{path}: {name}")
    check(not missing, "documents named but not in the repository: " + ", ".join(sorted(set(missing))[:20]))


def layout_rows():
    with open(os.path.join(ROOT, "docs", "DEVELOPING.md"), encoding="utf-8") as f:
        text = f.read()
    section = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    return [m.group(1) for m in re.finditer(r"^\| `([^`]+)` \|", section, re.M)]


def test_layout_table_matches_the_tree():
    rows = layout_rows()
    check(rows, "docs/DEVELOPING.md has no layout table")
    for row in rows:
        check(os.path.exists(os.path.join(ROOT, row.rstrip("/"))), f"docs/DEVELOPING.md's layout lists {row}, which is missing")
    listed = {row.rstrip("/") for row in rows}
    top = [d for d in sorted(os.listdir(ROOT))
           if os.path.isdir(os.path.join(ROOT, d)) and not d.startswith(".") and d != "build"]
    for folder in top:
        inside = any(r == folder or r.startswith(folder + "/") for r in listed)
        check(inside, f"top-level folder {folder}/ is not in docs/DEVELOPING.md's layout table")
    protocol = os.path.join(ROOT, "protocol")
    for entry in sorted(os.listdir(protocol)):
        part = f"protocol/{entry}"
        if os.path.isdir(os.path.join(protocol, entry)) or entry.endswith(".c"):
            check(part in listed, f"{part} is not in docs/DEVELOPING.md's layout table")


def test_c_lines_fit_120_columns():
    """The C sources keep to .clang-format's column limit."""
    long_lines = []
    for path in tracked_files():
        if path.endswith((".c", ".h")):
            with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
                long_lines += [f"{path}:{n}" for n, line in enumerate(f, 1) if len(line.rstrip("\n")) > 120]
    check(not long_lines, "lines over 120 columns: " + ", ".join(long_lines[:20]))


# A comment that opens after code on its line and does not close there: clang-format aligns its
# first line with the comments beside it but not the lines after, which it leaves where they were.
TRAILING_COMMENT = re.compile(r"^\s*[^\s/*].*?/\*(?!.*\*/)")


def test_no_trailing_comment_spans_lines():
    """A comment beside code fits on its line; a longer one stands above the code it explains."""
    found = []
    for path in tracked_files():
        if path.endswith((".c", ".h")):
            with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
                found += [f"{path}:{n}" for n, line in enumerate(f, 1)
                          if TRAILING_COMMENT.match(line) and '"' not in line.split("/*")[0]]
    check(not found, f"{len(found)} comments beside code go on to the next line: " + ", ".join(found[:20]))


def make(*args, cwd=ROOT):
    """Run make as a user would: without the variables of a make (or CI) this test runs under."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "WERROR", "TECH_VERSION")}
    out = subprocess.run(["make", "--no-print-directory", *args], cwd=cwd, env=env, capture_output=True, text=True,
                         timeout=60)
    check(out.returncode == 0, f"make {' '.join(args)}: {out.stderr}")
    return out.stdout


def test_version_from_git_or_the_version_file():
    """A clone builds as the VERSION file and its commit (or its tag), a tarball as the VERSION
    file alone: both have a version. A clone's VERSION is X.Y[.Z]; the source archive's (make
    dist) is the version it was made as, X.Y[.Z] with a +gHASH or a tag's -N-gHASH after it."""
    with open(os.path.join(ROOT, "VERSION")) as f:
        base = f.read().strip()
    check(re.fullmatch(r"\d+\.\d+(\.\d+)?([+-][0-9A-Za-z.+-]+)?", base), f"VERSION holds {base!r}")
    here = make("-s", "version").strip()
    git = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    if git.returncode == 0:
        check(git.stdout.strip() in here or not here.startswith(base), f"a clone's version {here!r}")
    with tempfile.TemporaryDirectory() as tarball:
        for name in ("Makefile", "VERSION"):
            shutil.copy(os.path.join(ROOT, name), tarball)
        check(make("-s", "version", cwd=tarball).strip() == base, "a tarball's version is the VERSION file")


def test_warnings_are_errors_only_where_asked():
    """A user's `make` only warns (a newer compiler's new warning must not break it); CI and the
    developer targets build with -Werror."""
    def first_compile(*args):
        with tempfile.TemporaryDirectory() as build:
            out = make("-n", "-B", f"BUILD={build}", f"EXE={build}/tech", *args)
        return next(l for l in out.splitlines() if " -c -o " in l)
    check("-Werror" not in first_compile(), "the default build uses -Werror")
    check("-Werror" in first_compile("WERROR=1"), "WERROR=1 does not add -Werror")
    with open(os.path.join(ROOT, "Makefile")) as f:
        makefile = f.read()
    for target in ("werror", "debug", "asan", "tsan", "fuzz"):
        recipe = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", makefile, re.M)
        text = recipe.group(1) if recipe else ""
        for name in re.findall(r"\$\((\w+)\)", text):   # a make command kept in a variable
            defined = re.search(rf"^{name}\s*:?=(.*)$", makefile, re.M)
            text += defined.group(1) if defined else ""
        check("WERROR=1" in text, f"make {target} builds without -Werror")
    with open(os.path.join(ROOT, ".ci", "run")) as f:
        check(re.search(r"^export WERROR=1$", f.read(), re.M), ".ci/run does not build with -Werror")
