"""The grading test's cheats: ways a student could try to score without solving, each written as
the answer cell it would hand in. `python -m tools.coursework grade` grades every one of them
and asserts that each scores 0 on the test cell it attacks (see that module for how).

Each template makes the text of one answer cell: from the solution's text (the right answer,
which some cheats wrap), or from the first task's signature (`fn name(…) -> …`) and the checker
its test cell calls.
"""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Ways to score without solving, each tried on one answer of one assignment (the rest of that
# submission is the solutions): the name, the assignment, the test cell it attacks (which must
# score 0), the answer cell, the answer cell's new text made from the solution's, and maybe the
# text of a cell the student adds before it. Each of them scores points without the coursework
# crate, the judge outside the kernel, the full paths to the checkers, the hidden tests' seeds,
# or the rule against evcxr commands and `extern crate` in what students write.
SILENCE_STDERR = ("    use std::os::fd::FromRawFd;\n"
                  "    // Closing standard error: a failing check's verdict goes nowhere.\n"
                  "    drop(unsafe { std::fs::File::from_raw_fd(2) });\n")
FULL_STDERR = ("    unsafe extern \"C\" {\n        fn dup2(old: i32, new: i32) -> i32;\n    }\n"
               "    if let Ok(full) = std::fs::OpenOptions::new().write(true).open(\"/dev/full\") {\n"
               "        unsafe { dup2(std::os::fd::AsRawFd::as_raw_fd(&full), 2) };\n"
               "        std::mem::forget(full);\n    }\n")
# A cell that asks cargo for optimised compiles, in every configuration file it would read.
FASTER = ('let faster = "[profile.dev]\\nopt-level = 3\\n[profile.dev.package.ctx]\\nopt-level = 3\\n";\n'
          'for folder in ["/build/.cargo", "/build/evcxr/.cargo"] {\n'
          '    let _ = std::fs::create_dir_all(folder);\n'
          '    let _ = std::fs::write(format!("{folder}/config.toml"), faster);\n}')
CHEATS = {
    # The crate's own answer, called by name: the coursework crate does not lead to it.
    "called-answer": ("01-backtracking", "test_complete_board", "complete_board",
                      lambda solution: "fn complete_board(board: &Grid, placed: &mut Vec<Square>) "
                      "-> Option<Grid> {\n    let _ = placed;\n"
                      "    nqueens::backtrack::fill_board_recursion(board.len(), &nqueens::backtrack::queen_sees)\n}"),
    # The same in the later assignments whose answer the crate has in public: the lecture's DP
    # (without the splits), the CSP backtracking and the count.
    "called-dp": ("02-davis-putnam", "test_solve", "solve",
                  lambda solution: "fn solve(clauses: &Clauses, splits: &mut Vec<Literal>) "
                  "-> Clauses {\n    let _ = splits;\n    nqueens::dp::solve(clauses)\n}"),
    "called-csp": ("04-csp", "test_backtracking", "backtracking",
                   lambda solution: "fn backtracking(csp: &Csp, kept: &mut Vec<(usize, i64)>) "
                   "-> Option<Vec<i64>> {\n    let _ = kept;\n"
                   "    nqueens::csp::backtracking(csp, &nqueens::Budget::default()).assignment\n}"),
    "called-count": ("05-counting", "test_count", "count",
                     lambda solution: "fn count(n: usize, holes: &[Square], nodes: &mut u64) "
                     "-> u64 {\n    let _ = (holes, nodes);\n"
                     "    nqueens::queens::count(n).unwrap_or(0)\n}"),
    # The same through `extern crate`, which evcxr turns into a dependency: the sandbox's cargo
    # has no crate of that name (only the kit's), so the answer does not compile.
    "extern-crate": ("01-backtracking", "test_rook_sees", "rook_sees",
                     lambda solution: "extern crate nqueens;\n"
                     "fn rook_sees(square: Square, size: usize) -> Vec<Square> {\n"
                     "    nqueens::backtrack::rook_sees(square, size)\n}"),
    # A cell of the student's own that loads the whole library: not run, so the answer that
    # calls it does not compile.
    "added-dep-cell": ("01-backtracking", "test_rook_sees", "rook_sees",
                       lambda solution: "fn rook_sees(square: Square, size: usize) -> Vec<Square> {\n"
                       "    nqueens::backtrack::rook_sees(square, size)\n}",
                       f':dep nqueens = {{ path = "{ROOT}" }}'),
    # A right answer behind an evcxr command (here a harmless one; `:dep` could swap the crate
    # the checkers come from): answers may hold none, so it is not run.
    "evcxr-command": ("01-backtracking", "test_knight_sees", "knight_sees",
                      lambda solution: ":opt 0\n" + solution),
    # Memory taken until the grading's memory limit stops the process (a GiB a step, a byte of
    # each page written, so that the memory is really used): the cell scores 0, the grading goes
    # on, and the cell says the allocation failed (the limit, not the checker's clock, stopped it).
    "memory-hog": ("04-csp", "test_is_consistent", "is_consistent",
                   lambda solution: "fn is_consistent(csp: &Csp, assignment: &[Option<i64>], "
                   "var: usize) -> bool {\n    let _ = (csp, assignment, var);\n"
                   "    let mut hoard: Vec<Vec<u8>> = Vec::new();\n"
                   "    loop {\n        let mut block = vec![0u8; 1 << 30];\n"
                   "        for page in (0..block.len()).step_by(4096) {\n"
                   "            block[page] = 1;\n        }\n"
                   "        hoard.push(block);\n    }\n}"),
    # A table of the visible answers (the counts and nodes of the empty boards, which anyone can
    # look up or work out once) and a silent panic hook: the hidden test, on boards with holes
    # drawn when graded, finds it out without a word from the student's side.
    "table-of-answers": ("05-counting", "hidden_count", "count",
                         lambda solution: "std::panic::set_hook(Box::new(|_| {}));\n"
                         "fn count(n: usize, holes: &[Square], nodes: &mut u64) -> u64 {\n"
                         "    let _ = holes;\n"
                         "    *nodes += [0, 1, 2, 5, 16, 53, 152, 551, 2056, 8393, 35538][n.min(10)];\n"
                         "    [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724][n.min(10)]\n}"),
    # Every pair of queens compared, O(n²): right, but on the 100,000 queens of the visible test
    # far past the cell's time at the notebooks' `:opt 0`; standard error pointed at /dev/full
    # first, which once disabled the checkers' watchdog in the kernel (its verdict could not be
    # written, its thread died, the slow answers were judged right), and a cell of the
    # student's own before it that writes a cargo configuration asking for `opt-level = 3`
    # where cargo reads one (the grading's compiles stay at the course's `:opt`). The grader's
    # clock, outside, does not care.
    "quadratic-pairs": ("07-huge-boards", "test_attacking_pairs", "attacking_pairs",
                        lambda solution: "fn attacking_pairs(columns: &[usize]) -> u64 {\n"
                        + FULL_STDERR + "    let mut pairs = 0;\n"
                        "    for i in 0..columns.len() {\n"
                        "        for j in i + 1..columns.len() {\n"
                        "            let (a, b) = (columns[i], columns[j]);\n"
                        "            if a == b || a.abs_diff(b) == j - i {\n"
                        "                pairs += 1;\n            }\n        }\n    }\n"
                        "    pairs\n}", FASTER),
    # A proof of one clause, the empty one: it follows only where propagation alone refutes the
    # formula, which none of the test's formulas allows.
    "empty-proof": ("08-cdcl", "test_refutation", "refutation",
                    lambda solution: "fn refutation(clauses: &Clauses) -> Vec<Clause> {\n"
                    "    let _ = clauses;\n    vec![Clause::empty()]\n}"),
}

# Ways to score without solving that do not depend on the task, each tried on the first task of
# every assignment: the name, and the answer cell's new text made from the task's signature
# (`fn name(…) -> …`) and the checker its test cell calls. Each attacks the test cell of that
# task, which must score 0.
ALLOW = "#[allow(unused_variables)]\n"
# The forged verdict's HTML, and the elements it would put on the feedback page as they would
# stand there, which the grading test looks for (it must find none; the answer cell's source,
# shown escaped, holds the same text as harmless characters).
COVER_SIGNS = {"style": "<style>/*nqueens-cover*/", "script": "<script>document.title",
               "cover": "<div style='position:fixed;inset:0;z-index:99999"}
COVER = (f"{COVER_SIGNS['style']} .nqueens-report {{ display: none }}</style>"
         f"{COVER_SIGNS['script']} = 'covered'</script>"
         f"{COVER_SIGNS['cover']};background:white'>✔ 20.00 of 20</div>")
GENERIC_CHEATS = {
    # A checker of the same name in the answer cell, which passes anything: test cells call the
    # crate's by its full path.
    "shadowed-checker": lambda signature, checker: (
        ALLOW + signature + " {\n    todo!()\n}\n"
        "struct Pass;\n"
        "impl Pass {\n    fn points(&self, max: f64) -> f64 { max }\n    fn grade(&self) {}\n}\n"
        f"fn {checker}<T>(_: T) -> Pass {{\n    Pass\n}}"),
    # A panic whose payload panics again when dropped: the answers are never shown, and the
    # judge has nothing to score.
    "escaped-checker": lambda signature, checker: (
        "struct Bomb;\n"
        "impl Drop for Bomb {\n    fn drop(&mut self) {\n        panic!(\"dropped\");\n    }\n}\n"
        + ALLOW + signature + " {\n    std::panic::panic_any(Bomb)\n}"),
    # Standard error closed, then no answer: nothing on stderr to score the cell 0 by.
    "silenced-stderr": lambda signature, checker: (
        ALLOW + signature + " {\n" + SILENCE_STDERR + "    todo!()\n}"),
    # A panic hook that says nothing, then no answer.
    "silent-panic-hook": lambda signature, checker: (
        "std::panic::set_hook(Box::new(|_| {}));\n" + ALLOW + signature
        + " {\n    todo!()\n}"),
    # evcxr's display markers printed to forge a result, standard error closed, no answer.
    "forged-result": lambda signature, checker: (
        ALLOW + signature + " {\n" + SILENCE_STDERR
        + "    println!(\"EVCXR_BEGIN_CONTENT text/plain\\n4\\nEVCXR_END_CONTENT\");\n"
        "    todo!()\n}"),
    # The cell's own source read (evcxr writes it to a file before it compiles it: once it held a
    # key), then a passing report, an answer of its own and a score printed as evcxr's displays,
    # and HTML that would cover the judge's verdict in the feedback (COVER_SIGNS): a style that
    # hides the reports, a script, and a box over the whole page saying full marks.
    "forged-verdict": lambda signature, checker: (
        ALLOW + signature + " {\n"
        "    let dir = std::env::var(\"EVCXR_TMPDIR\").unwrap_or_default();\n"
        "    let source = std::fs::read_to_string(format!(\"{dir}/src/lib.rs\")).unwrap_or_default();\n"
        "    println!(\"the cell's source: {} bytes\", source.len());\n"
        "    println!(\"EVCXR_BEGIN_CONTENT text/html\\n<div class=\\\"nqueens-report passed\\\">"
        "<p class=\\\"verdict\\\">✔ passed</p></div>\\nEVCXR_END_CONTENT\");\n"
        "    println!(\"nqueens-answer 0 [\\\"answer\\\",null]\");\n"
        "    println!(\"EVCXR_BEGIN_CONTENT text/plain\\n2.00\\nEVCXR_END_CONTENT\");\n"
        f"    println!(\"EVCXR_BEGIN_CONTENT text/html\\n{COVER}\\nEVCXR_END_CONTENT\");\n"
        "    todo!()\n}"),
    # Standard output and error taken over by a thread when the answer cell runs, for every later
    # cell: nothing reaches stderr, and every panic in the answers shown becomes an answer.
    "output-thread": lambda signature, checker: (
        "unsafe extern \"C\" {\n    fn dup(fd: i32) -> i32;\n    fn dup2(old: i32, new: i32) -> i32;\n}\n"
        "{\n"
        "    use std::io::{BufRead, Write};\n"
        "    use std::os::fd::{AsRawFd, FromRawFd};\n"
        "    let (reader, writer) = std::io::pipe().unwrap();\n"
        "    let mut real = unsafe { std::fs::File::from_raw_fd(dup(1)) };\n"
        "    unsafe {\n        dup2(writer.as_raw_fd(), 1);\n        dup2(writer.as_raw_fd(), 2);\n    }\n"
        "    std::mem::forget(writer);\n"
        "    std::thread::spawn(move || {\n"
        "        for line in std::io::BufReader::new(reader).lines().map_while(Result::ok) {\n"
        "            let line = line.replace(\"[\\\"panicked\\\",\", \"[\\\"answer\\\",\");\n"
        "            let _ = writeln!(real, \"{line}\");\n"
        "        }\n"
        "    });\n"
        "}\n" + ALLOW + signature + " {\n    todo!()\n}"),
}


# Ways to reach past the kernel, each tried on the first task of every assignment as the student
# who knows the grading machine's paths would: the name, and the answer cell's new text made from
# the task's signature, the course folder and the assignment. The sandbox (coursework/sandbox.py)
# must stop each; the attacked test cell scores 0 (the answer is a stub), and grade() checks what
# each could have done: no secret, solution, hidden test or gradebook in any output, no extra
# credit in the gradebook, no file of the kits changed.
REWRITTEN = "// rewritten by a student"
SANDBOX_CHEATS = {
    # Three reaches in one answer: the grading secret, the sources (solutions, hidden tests), the
    # gradebook, the other submissions, the sandbox's own builds and the grader's environment,
    # printed into the feedback; every grade's extra credit set to 100 in the gradebook, with
    # sqlite3 and with Python; and the crate the checkers come from rewritten where the kernel
    # sees it and where the course keeps it, so that the next notebook would build against it.
    "reach-out": lambda signature, root, assignment: (
        ALLOW + signature + " {\n"
        f'    for path in ["{root}/.grading-secret", "{root}/source/{assignment}/{assignment}.ipynb",\n'
        f'                 "{root}/gradebook.db", "{root}/submitted", "{root}", "/var/lib/nqueens-sandbox/kits"] {{\n'
        "        if let Ok(entries) = std::fs::read_dir(path) {\n"
        "            println!(\"{path}: {:?}\", entries.flatten().map(|e| e.path()).collect::<Vec<_>>());\n"
        "        }\n"
        "        if let Ok(bytes) = std::fs::read(path) {\n"
        "            println!(\"{path}: {}\", String::from_utf8_lossy(&bytes));\n"
        "        }\n"
        "    }\n"
        "    println!(\"{:?}\", std::env::vars().collect::<Vec<_>>());\n"
        f'    let db = "{root}/gradebook.db";\n'
        '    let sql = "update grade set extra_credit = 100";\n'
        '    let _ = std::process::Command::new("sqlite3").args([db, sql]).status();\n'
        '    let script = format!("import sqlite3; c = sqlite3.connect(\'{db}\'); '
        'c.execute(\'{sql}\'); c.commit()");\n'
        '    let _ = std::process::Command::new("python3").args(["-c", &script]).status();\n'
        f'    for path in ["/course/kit/src/lib.rs", "{root}/release/{assignment}/kit/src/lib.rs",\n'
        f'                 "{root}/release/{assignment}/kit/nqueens/coursework/checkers/src/report.rs"] {{\n'
        "        let written = std::fs::OpenOptions::new().append(true).open(path)\n"
        f'            .and_then(|mut f| std::io::Write::write_all(&mut f, b"\\n{REWRITTEN}\\n"));\n'
        "        println!(\"{path}: {written:?}\");\n"
        "    }\n"
        "    todo!()\n}"),
    # The secret read at compile time, through the grader's environment.
    "include-course-root": lambda signature, root, assignment: (
        "const SECRET: &str = include_str!(concat!(env!(\"NQUEENS_COURSE_ROOT\"), "
        "\"/.grading-secret\"));\n" + ALLOW + signature
        + " {\n    println!(\"{SECRET}\");\n    todo!()\n}"),
}


# Ways to beat the clock, the network and the crates, each tried on the first task of every
# assignment: the name, the test cell of that task it attacks ("test" or "hidden"), and the
# answer cell's new text made from the signature, the solution's text and the port of a server
# the grading test runs on this machine's loopback. Each is the right answer, wrapped so that it
# answers right only when the hole it tries is open: the attacked cell must score 0.
SLOW_SECONDS = 40  # past the 25 s the grader gives a test cell (grading.CELL_SECONDS)
RUN_CHEATS = {
    # The right answers, slowly: the first call of the notebook's run (a folder in the
    # sandbox's /tmp, which outlives the program evcxr starts afresh, says whether it came)
    # sleeps past the cell's time, after pointing standard error at /dev/full (which once
    # silenced the checkers' watchdog in the kernel). Only a clock outside the kernel stops it;
    # every later call, the other tasks' that use this function included, answers at once.
    "slow-answer": ("test", lambda signature, solution, port: wrapped(
        signature, solution,
        "    if std::fs::create_dir(\"/tmp/nqueens-slept\").is_ok() {\n" + FULL_STDERR
        + f"        std::thread::sleep(std::time::Duration::from_secs({SLOW_SECONDS}));\n"
        "    }\n    SOLVED")),
    # The right answers only with help from outside: each call sends its arguments to a server
    # of the student's on this machine (the grading test's, on 127.0.0.1) and answers only when
    # it replies "go"; or, failing that, when it can reach any process listening on the machine
    # other than its own kernel (another kernel graded beside it, a student's own server: the
    # listening sockets of /proc/net/tcp and tcp6, tried on the loopback).
    "network": ("hidden", lambda signature, solution, port: wrapped(
        signature, solution,
        "    use std::io::{Read, Write};\n"
        "    use std::time::Duration;\n"
        f"    let server: std::net::SocketAddr = \"127.0.0.1:{port}\".parse().unwrap();\n"
        "    let asked = std::net::TcpStream::connect_timeout(&server, Duration::from_secs(2))\n"
        "        .and_then(|mut stream| {\n"
        "            stream.write_all(format!(\"{}\\n\", KEY).as_bytes())?;\n"
        "            let mut reply = String::new();\n"
        "            stream.read_to_string(&mut reply)?;\n"
        "            Ok(reply)\n        });\n"
        "    if asked.is_ok_and(|reply| reply.trim() == \"go\") || reaches_a_listener() {\n"
        "        return SOLVED;\n    }\n    todo!()",
        before=REACHES_A_LISTENER)),
    # The right answers only where a crate the kit does not use can be loaded: `extern crate`
    # written so that a search of the text for the words does not find it.
    "crate-past-filter": ("test", lambda signature, solution, port: wrapped(
        signature, solution, "    let _ = clap::ColorChoice::Never;\n    SOLVED",
        before="extern /* a comment between the words */ crate clap;\n")),
}

# A listening socket of the machine, other than the kernel's own (the ports of the connection
# file evcxr was started with, found from its command line), that a connection reaches.
REACHES_A_LISTENER = """fn reaches_a_listener() -> bool {
    let evcxr = std::fs::read(format!("/proc/{}/cmdline", std::os::unix::process::parent_id()))
        .unwrap_or_default();
    let args: Vec<String> =
        evcxr.split(|&b| b == 0).map(|a| String::from_utf8_lossy(a).into_owned()).collect();
    let file = args.iter().skip_while(|a| *a != "--control_file").nth(1).cloned().unwrap_or_default();
    let own: Vec<u16> = std::fs::read_to_string(file).unwrap_or_default().split("_port\\\":")
        .skip(1)
        .filter_map(|rest| rest.trim_start().split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .collect();
    ["/proc/net/tcp", "/proc/net/tcp6"].iter().any(|table| {
        std::fs::read_to_string(table).unwrap_or_default().lines().skip(1).any(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let port = fields.get(1).and_then(|a| a.rsplit(':').next())
                .and_then(|p| u16::from_str_radix(p, 16).ok()).unwrap_or(0);
            fields.get(3) == Some(&"0A") && port != 0 && !own.contains(&port)
                && ["127.0.0.1", "[::1]"].iter().any(|host| {
                    format!("{host}:{port}").parse().is_ok_and(|address| {
                        std::net::TcpStream::connect_timeout(
                            &address, std::time::Duration::from_millis(500)).is_ok()
                    })
                })
        })
    })
}
"""

# The replayed submission, tried on the first task's hidden test of every assignment. The first
# is honest (full marks) but prints, for every call, REPLAYED and a digest of its arguments; the
# grading test reads what that printed during the hidden test from the grader's record (where
# the lecturer may read it: more than the feedback, which must not show it) and hands in the
# second, as the same student: the right answer only for arguments whose digest the first
# printed, a table of the inputs it met. It must score 0 on the hidden test: a grading draws new
# inputs, whatever the student sends.
REPLAYED = "nqueens-replayed "


def replay_first(signature, solution):
    return wrapped(signature, solution, f'    println!("{REPLAYED}{{}}", DIGEST);\n    SOLVED')


def replay_second(signature, solution, digests):
    table = ", ".join(str(d) for d in sorted(digests))
    return wrapped(signature, solution,
                   f"    const MET: &[u64] = &[{table}];\n"
                   "    if MET.contains(&DIGEST) {\n        return SOLVED;\n    }\n    todo!()")


def parameters(signature):
    """The names of a function's parameters, from its signature `fn name(a: T, b: U) -> R`."""
    inside = signature[signature.index("(") + 1:]
    names, part, depth, previous = [], "", 0, ""
    for ch in inside:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}" or (ch == ">" and previous != "-"):
            if depth == 0:
                break
            depth -= 1
        if ch == "," and depth == 0:
            names.append(part)
            part = ""
        else:
            part += ch
        previous = ch
    names.append(part)
    return [n.split(":")[0].strip().removeprefix("mut ").strip() for n in names if n.strip()]


def wrapped(signature, solution, body, before=""):
    """An answer cell built around the right answer: the solution with its function renamed
    `NAME_solved`, then a function of the task's signature whose `body` may write SOLVED for the
    solution's answer on the same arguments, KEY for the arguments as text and DIGEST for a
    digest of that text; `before` goes first."""
    name = re.search(r"fn (\w+)", signature).group(1)
    names = parameters(signature)
    key = "[" + ", ".join(f'format!("{{:?}}", &{n})' for n in names) + '].join(", ")'
    digest = ("{ use std::hash::{Hash, Hasher}; "
              "let mut h = std::collections::hash_map::DefaultHasher::new(); "
              f"{key}.hash(&mut h); h.finish() }}")
    code = (body.replace("SOLVED", f"{name}_solved({', '.join(names)})")
            .replace("DIGEST", digest).replace("KEY", key))
    return (before + re.sub(rf"\b{name}\(", f"{name}_solved(", solution) + "\n" + ALLOW
            + signature + " {\n" + code + "\n}")


# Right answers that are not the solutions' and must earn full marks as well: each replaces an
# answer cell's text (made from the solution's) in the graded submission "solutions" of its
# assignment (Validate runs the source's own solutions, so both kinds are checked). The plainest correct count (lists, no bitboards, the holes looked up in their list)
# must finish the hidden boards within the checkers' time; the pieces may list their squares in
# any order; the MOMS count may take one pass; the consistency check may be written the other
# way round; the classes may be counted by Burnside's lemma instead of by listing canonical
# images; the Luby term may be found by recursion on the definition, the minimised clause by
# marking what can go from the trail's start, and the proof of the plainest search (the first
# variable, which must finish the hidden formulas in time) with the other branch first and
# clauses the proof does not need.
ALTERNATIVES = {
    "01-backtracking": {
        "rook_sees": lambda solution: solution.replace("fn rook_sees(", "fn rook_sees_in_order(")
        + "\nfn rook_sees(square: Square, size: usize) -> Vec<Square> {\n"
        "    let mut seen = rook_sees_in_order(square, size);\n    seen.reverse();\n    seen\n}\n",
        "knight_sees": lambda solution: solution.replace("fn knight_sees(",
                                                         "fn knight_sees_in_order(")
        + "\nfn knight_sees(square: Square, size: usize) -> Vec<Square> {\n"
        "    let mut seen = knight_sees_in_order(square, size);\n"
        "    seen.sort_by_key(|s| (s.col, std::cmp::Reverse(s.row)));\n    seen\n}\n",
    },
    "02-davis-putnam": {
        "moms": lambda solution: (
            "fn moms(clauses: &Clauses, literal: Literal) -> usize {\n"
            "    // One pass: the smallest size of two or more so far, and its clauses with the literal.\n"
            "    let (mut size, mut count) = (usize::MAX, 0);\n"
            "    for clause in clauses.iter() {\n"
            "        let k = clause.len();\n"
            "        if k < 2 || k > size {\n            continue;\n        }\n"
            "        if k < size {\n            size = k;\n            count = 0;\n        }\n"
            "        if clause.contains(literal) {\n            count += 1;\n        }\n"
            "    }\n"
            "    count\n}\n"),
    },
    "04-csp": {
        "is_consistent": lambda solution: (
            "fn is_consistent(csp: &Csp, assignment: &[Option<i64>], var: usize) -> bool {\n"
            "    // Only the constraints on var whose variables all have values, and each must hold.\n"
            "    let values: Vec<i64> = assignment.iter().map(|v| v.unwrap_or(0)).collect();\n"
            "    for constraint in csp.constraints() {\n"
            "        let vars = constraint.variables();\n"
            "        let judged = vars.contains(&var) && vars.iter().all(|&v| assignment[v].is_some());\n"
            "        if judged && !constraint.holds(&values) {\n"
            "            return false;\n"
            "        }\n"
            "    }\n"
            "    true\n}\n"),
    },
    "05-counting": {
        "count": lambda solution: (
            "fn count(n: usize, holes: &[Square], nodes: &mut u64) -> u64 {\n"
            "    fn go(n: usize, holes: &[Square], queens: &mut Vec<usize>, nodes: &mut u64) -> u64 {\n"
            "        let row = queens.len() + 1;\n"
            "        if row > n {\n            return 1;\n        }\n"
            "        let mut total = 0;\n"
            "        for col in 1..=n {\n"
            "            let mut free = !holes.contains(&Square::new(row, col));\n"
            "            for (i, &c) in queens.iter().enumerate() {\n"
            "                if c == col || (i + 1).abs_diff(row) == c.abs_diff(col) {\n"
            "                    free = false;\n"
            "                }\n"
            "            }\n"
            "            if free {\n"
            "                *nodes += 1;\n"
            "                queens.push(col);\n"
            "                total += go(n, holes, queens, nodes);\n"
            "                queens.pop();\n"
            "            }\n"
            "        }\n"
            "        total\n"
            "    }\n"
            "    go(n, holes, &mut Vec::new(), nodes)\n}\n"),
    },
    "06-symmetry": {
        "classes": lambda solution: (
            "fn classes(n: usize, holes: &[Square]) -> u64 {\n"
            "    // Burnside: the average over the symmetries of the solutions each leaves as it is.\n"
            "    fn all(n: usize, holes: &[Square], cols: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {\n"
            "        let row = cols.len() + 1;\n"
            "        if row > n {\n            out.push(cols.clone());\n            return;\n        }\n"
            "        for col in 1..=n {\n"
            "            let attacked = cols.iter().enumerate()\n"
            "                .any(|(i, &c)| c == col || (i + 1).abs_diff(row) == c.abs_diff(col));\n"
            "            if !attacked && !holes.contains(&Square::new(row, col)) {\n"
            "                cols.push(col);\n                all(n, holes, cols, out);\n"
            "                cols.pop();\n"
            "            }\n"
            "        }\n"
            "    }\n"
            "    let mut solutions = Vec::new();\n"
            "    all(n, holes, &mut Vec::new(), &mut solutions);\n"
            "    let mut unchanged = 0;\n"
            "    for symmetry in Symmetry::ALL {\n"
            "        for cols in &solutions {\n"
            "            let kept = cols.iter().enumerate().all(|(i, &c)| {\n"
            "                let image = symmetry.apply(Square::new(i + 1, c), n);\n"
            "                cols[image.row - 1] == image.col\n"
            "            });\n"
            "            if kept {\n                unchanged += 1;\n            }\n"
            "        }\n"
            "    }\n"
            "    unchanged / 8\n}\n"),
    },
    "08-cdcl": {
        "luby": lambda solution: (
            "fn luby(i: u64) -> u64 {\n"
            "    // The definition as it reads: find k, then the end of a block or a term before.\n"
            "    let mut k = 1;\n"
            "    while (1_u64 << k) - 1 < i {\n        k += 1;\n    }\n"
            "    if i == (1_u64 << k) - 1 {\n        1 << (k - 1)\n    } else {\n"
            "        luby(i - (1 << (k - 1)) + 1)\n    }\n}\n"),
        "minimise": lambda solution: (
            "fn minimise(clause: &Clause, trail: &[(Literal, usize, Option<Clause>)]) -> Clause {\n"
            "    // From the trail's start: a false literal can go when its complement is at level 0,\n"
            "    // or forced with every other literal of its reason in the clause or able to go.\n"
            "    let mut goes: Vec<Literal> = Vec::new();\n"
            "    for (set, level, reason) in trail {\n"
            "        let literal = set.complement();\n"
            "        let can = *level == 0\n"
            "            || reason.as_ref().is_some_and(|r| {\n"
            "                r.iter().all(|&o| o == *set || clause.contains(o) || goes.contains(&o))\n"
            "            });\n"
            "        if can {\n            goes.push(literal);\n        }\n"
            "    }\n"
            "    clause.iter().copied().filter(|l| !goes.contains(l)).collect()\n}\n"),
        "refutation": lambda solution: (
            "fn refutation(clauses: &Clauses) -> Vec<Clause> {\n"
            "    // The negative branch first; each failed branch's clause, and the formula's own\n"
            "    // clauses first, which a proof may repeat.\n"
            "    fn go(clauses: &Clauses, splits: &mut Vec<Literal>, proof: &mut Vec<Clause>) {\n"
            "        let mut set = clauses.clone();\n"
            "        for &s in splits.iter() {\n            set.insert(Clause::unit(s));\n        }\n"
            "        let saturated = dp::saturate(&set);\n"
            "        if !saturated.contains_empty() {\n"
            "            let l = dp::select_literal(&saturated, Heuristic::FirstVariable).expect(\"no model\");\n"
            "            for b in [l.complement(), l] {\n"
            "                splits.push(b);\n                go(clauses, splits, proof);\n"
            "                splits.pop();\n            }\n"
            "        }\n"
            "        proof.push(splits.iter().map(|s| s.complement()).collect());\n"
            "    }\n"
            "    let mut proof: Vec<Clause> = clauses.iter().cloned().collect();\n"
            "    go(clauses, &mut Vec::new(), &mut proof);\n"
            "    proof\n}\n"),
    },
}
