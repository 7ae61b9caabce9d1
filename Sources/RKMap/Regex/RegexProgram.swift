/// A compiled `MATCHES` pattern: a Thompson NFA as a flat instruction list,
/// run by `matchesWhole` in time O(subject length × program size), as RE2
/// does (docs/spec.md §9). No input can make it slow and it has no give-up
/// path: every subject gets a definite answer.
///
/// ```swift
/// let r = try RegexProgram(pattern: "(a+)+c|a+b", caseInsensitive: false)
/// r.matchesWhole("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab")  // true, in linear time
/// ```
package struct RegexProgram: Sendable {
    enum Instruction: Sendable {
        case scalar(Unicode.Scalar)
        case foldedScalar(Unicode.Scalar)
        case any
        case anyButTerminator
        case set(Int)
        case assertion(RegexAssertion)
        /// Continue at both targets (epsilon transitions).
        case split(Int, Int)
        case jump(Int)
        case match
    }

    let instructions: [Instruction]
    let sets: [ScalarSet]
    /// Whether any instruction compares folded scalars (so the matcher folds
    /// each subject scalar once per position, not once per thread).
    let folds: Bool

    /// Compiles `pattern`; `caseInsensitive` is the `[c]` modifier, the same as
    /// a leading `(?i)`.
    ///
    /// - Throws: `RegexSyntaxError` with the offset (Unicode scalars) of the problem.
    package init(pattern: String, caseInsensitive: Bool) throws(RegexSyntaxError) {
        var parser = RegexParser(pattern, caseInsensitive: caseInsensitive)
        let tree = try parser.parse()
        var compiler = Compiler()
        compiler.emit(tree)
        compiler.instructions.append(.match)
        instructions = compiler.instructions
        sets = compiler.sets
        folds = compiler.folds
    }

    private struct Compiler {
        var instructions: [Instruction] = []
        var sets: [ScalarSet] = []
        var folds = false

        mutating func emit(_ node: RegexNode) {
            switch node {
            case .empty:
                break
            case .scalar(let c, let folded):
                if folded { folds = true }
                instructions.append(folded ? .foldedScalar(c) : .scalar(c))
            case .any(let dotAll):
                instructions.append(dotAll ? .any : .anyButTerminator)
            case .set(let set):
                if set.caseInsensitive { folds = true }
                sets.append(set)
                instructions.append(.set(sets.count - 1))
            case .assertion(let a):
                instructions.append(.assertion(a))
            case .concat(let items):
                for item in items { emit(item) }
            case .alternate(let branches):
                // split L1, next; L1: a; jump end; next: split L2, … ; last branch
                var jumps: [Int] = []
                for (k, branch) in branches.enumerated() {
                    if k < branches.count - 1 {
                        let split = instructions.count
                        instructions.append(.split(split + 1, -1))
                        emit(branch)
                        jumps.append(instructions.count)
                        instructions.append(.jump(-1))
                        instructions[split] = .split(split + 1, instructions.count)
                    } else {
                        emit(branch)
                    }
                }
                for j in jumps { instructions[j] = .jump(instructions.count) }
            case .repeating(let inner, let low, let high):
                for _ in 0..<low { emit(inner) }
                if let high {
                    // Optional copies, nested: (x(x(x)?)?)?
                    var splits: [Int] = []
                    for _ in low..<high {
                        splits.append(instructions.count)
                        instructions.append(.split(-1, -1))
                        emit(inner)
                    }
                    for s in splits { instructions[s] = .split(s + 1, instructions.count) }
                } else {
                    // L: split body, end; body; jump L
                    let loop = instructions.count
                    instructions.append(.split(-1, -1))
                    emit(inner)
                    instructions.append(.jump(loop))
                    instructions[loop] = .split(loop + 1, instructions.count)
                }
            }
        }
    }
}
