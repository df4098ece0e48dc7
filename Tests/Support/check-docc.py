#!/usr/bin/env python3
"""Every public symbol of MoneyKit's library targets has a DocC comment (issue 14, item 7).

Run from anywhere:

    python3 Tests/Support/check-docc.py            # the targets below; exit 1 on any gap
    python3 Tests/Support/check-docc.py FILE.swift  # only the files named
    python3 Tests/Support/check-docc.py --self-test # shows the check can fail

It lists each public declaration of the libraries an app links (MoneyKit, its formatting,
storage, platform and process targets, and the four tool kits) with no `///` comment right above it
(attributes may sit between),
and each public throwing function or initialiser whose comment has no `- Throws:` line.
Public means: marked `public` or `open`; a case of a public enum; a member of a
`public extension` or of a public protocol not marked otherwise. It reads the source text
(comments and string literals masked out), so it needs no build.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGETS = ["Sources/MoneyKit", "Sources/MoneyKitFormatting", "Sources/MoneyKitStorage", "Sources/MoneyKitCodable", "Sources/MoneyKitDecimal", "Sources/MoneyKitPlatform",
           "Sources/MoneyKitProcess",
           "Sources/TallyKit", "Sources/TillKit", "Sources/BillKit", "Sources/PortfolioKit",
           "Sources/TallySQLite", "Sources/TallyPostgres", "Sources/TillSQLite", "Sources/TillPostgres",
           "Sources/PortfolioSQLite", "Sources/PortfolioPostgres"]

DECL_KEYWORDS = r"func|init|var|let|case|struct|enum|class|protocol|typealias|subscript|actor|associatedtype"
MODIFIERS = (r"public|open|internal|fileprivate|private|static|class|final|override|mutating|nonmutating|"
             r"convenience|required|lazy|weak|unowned|indirect|nonisolated|dynamic|prefix|postfix|infix|"
             r"(?:public|internal|fileprivate|private)\(set\)")
# Attributes, then modifiers, then the declaration keyword (and the rest of the line).
DECL = re.compile(
    r"^\s*(?P<attrs>(?:@[\w.]+(?:\([^()]*\))?\s+)*)"
    r"(?P<mods>(?:(?:" + MODIFIERS + r")\s+)*)"
    r"(?P<kw>" + DECL_KEYWORDS + r"|extension)\b(?P<rest>.*)$")
TYPE_KEYWORDS = {"struct", "enum", "class", "protocol", "actor", "extension"}
HIDING = {"internal", "fileprivate", "private"}


def mask(text):
    """`text` with comment and string-literal contents blanked (newlines kept), so that
    braces, keywords and `throws` are only ever seen in code."""
    out = []
    i, n = 0, len(text)
    # A stack of what we are inside: ("code", paren depth of an interpolation or None),
    # ("string", hashes, multiline), ("block", nesting).
    stack = [("code", None)]
    while i < n:
        mode = stack[-1]
        c = text[i]
        if mode[0] == "code":
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
                out.append(" " * (j - i))
                i = j
                continue
            if text.startswith("/*", i):
                stack.append(("block", 1))
                out.append("  ")
                i += 2
                continue
            m = re.match(r'(#*)("""|")', text[i:i + 12])
            if m:
                hashes, quote = len(m.group(1)), m.group(2)
                stack.append(("string", hashes, quote == '"""'))
                out.append(m.group(0))
                i += len(m.group(0))
                continue
            if mode[1] is not None:  # inside an interpolation: count its parentheses
                if c == "(":
                    stack[-1] = ("code", mode[1] + 1)
                elif c == ")":
                    if mode[1] == 0:
                        stack.pop()
                        out.append(")")
                        i += 1
                        continue
                    stack[-1] = ("code", mode[1] - 1)
            out.append(c)
            i += 1
        elif mode[0] == "block":
            if text.startswith("/*", i):
                stack[-1] = ("block", mode[1] + 1)
                out.append("  ")
                i += 2
            elif text.startswith("*/", i):
                out.append("  ")
                i += 2
                if mode[1] == 1:
                    stack.pop()
                else:
                    stack[-1] = ("block", mode[1] - 1)
            else:
                out.append("\n" if c == "\n" else " ")
                i += 1
        else:  # string
            _, hashes, multiline = mode
            closing = ('"""' if multiline else '"') + "#" * hashes
            escape = "\\" + "#" * hashes
            if text.startswith(closing, i):
                stack.pop()
                out.append(closing)
                i += len(closing)
            elif text.startswith(escape + "(", i):
                stack.append(("code", 0))
                out.append(" " * len(escape) + "(")
                i += len(escape) + 1
            elif text.startswith(escape, i):
                out.append(" " * (len(escape) + 1))
                i += len(escape) + 1
            else:
                out.append("\n" if c == "\n" else " ")
                i += 1
    return "".join(out)


def signature(masked_lines, start):
    """The declaration's code from line `start` up to its body's `{` (or its end)."""
    parts, depth = [], 0
    for line in masked_lines[start:]:
        for k, c in enumerate(line):
            if c in "([<":
                depth += 1
            elif c in ")]>" and not (c == ">" and line[k - 1:k] == "-"):
                depth -= 1
            elif c == "{" and depth <= 0:
                parts.append(line[:k])
                return " ".join(parts)
        parts.append(line)
        if depth <= 0 and not line.rstrip().endswith(("->", ",", "(")):
            break
    return " ".join(parts)


def throws_at_top_level(sig):
    """Whether `throws`/`rethrows` marks the declaration itself, not a closure parameter."""
    depth = 0
    for m in re.finditer(r"[()]|\b(?:re)?throws\b", sig):
        token = m.group(0)
        if token == "(":
            depth += 1
        elif token == ")":
            depth -= 1
        elif depth == 0:
            return True
    return False


def doc_block(lines, decl_line):
    """The `///` lines right above the declaration (attribute lines skipped)."""
    k = decl_line - 1
    while k >= 0 and lines[k].strip().startswith("@"):
        k -= 1
    block = []
    while k >= 0 and lines[k].strip().startswith("///"):
        block.insert(0, lines[k].strip())
        k -= 1
    return block


def check_file(path):
    text = open(path, encoding="utf-8").read()
    lines = text.split("\n")
    masked = mask(text).split("\n")
    problems, count = [], 0
    # Scopes opened by `{`: for a type or extension, (keyword, is public); else None.
    scopes = []
    pending = None  # the type declaration whose `{` comes next
    for number, line in enumerate(masked):
        m = DECL.match(line)
        inner = scopes[-1] if scopes else None
        if m:
            kw, mods = m.group("kw"), set(m.group("mods").split())
            explicit = bool(mods & {"public", "open"})
            in_public_type = inner is not None and inner[1]
            # Enum cases and protocol requirements carry no modifier; extension members
            # inherit `public` from the extension.
            implicit = (in_public_type and not (mods & HIDING) and (
                (inner[0] == "enum" and kw == "case")
                or (inner[0] in ("protocol", "public extension") and kw != "case")))
            if kw in TYPE_KEYWORDS:
                opens = "public extension" if kw == "extension" and explicit else kw
                pending = (opens, explicit or (implicit and kw != "extension"))
            is_public = (explicit or implicit) and kw != "extension"
            if is_public and not (kw == "case" and inner is not None and inner[0] != "enum"):
                count += 1
                name = (kw + m.group("rest")).strip()[:70]
                where = f"{os.path.relpath(path, ROOT)}:{number + 1}"
                doc = doc_block(lines, number)
                if not doc:
                    problems.append(f"{where}: no /// comment: {name}")
                elif kw in ("func", "init", "subscript") and throws_at_top_level(signature(masked, number)):
                    if not any(re.match(r"///\s*-\s*Throws:", d) for d in doc):
                        problems.append(f"{where}: throws but its comment has no '- Throws:': {name}")
        for c in line:
            if c == "{":
                scopes.append(pending)
                pending = None
            elif c == "}":
                if scopes:
                    scopes.pop()
    return problems, count


SAMPLE = '''
public enum Sample {
    case documented
    /// Fine.
    case fine
}
/// Fine, with a closure parameter that throws.
public func run(_ body: () throws -> Void) {}
/// Says nothing of its error.
public func load() throws(SampleError) -> Int { let s = "public func hidden() {"; return 1 }
public extension Sample {
    func undocumented() {}
    private func hidden() {}
}
'''


def self_test():
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".swift", delete=False) as f:
        f.write(SAMPLE)
    try:
        problems, count = check_file(f.name)
    finally:
        os.unlink(f.name)
    found = [p.split(": ", 1)[1] for p in problems]
    expected = [
        "no /// comment: enum Sample {",
        "no /// comment: case documented",
        "throws but its comment has no '- Throws:': func load() throws(SampleError) -> Int { let s =",
        "no /// comment: func undocumented() {}",
    ]
    if count != 6 or [f[:40] for f in found] != [e[:40] for e in expected]:
        print(f"check-docc self-test FAILED: {count} public symbols, problems:", *found, sep="\n  ")
        return 1
    print("check-docc self-test passed")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    files = argv[1:] or sorted(
        os.path.join(directory, name)
        for target in TARGETS
        for directory, _, names in os.walk(os.path.join(ROOT, target))
        for name in names if name.endswith(".swift"))
    problems, total = [], 0
    for path in files:
        found, count = check_file(path)
        problems += found
        total += count
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-docc: {len(problems)} of {total} public declarations need a DocC comment or '- Throws:'")
        return 1
    print(f"check-docc: all {total} public declarations documented")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
