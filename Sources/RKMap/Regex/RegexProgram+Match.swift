/// The Pike VM: all NFA threads advance together over the subject, one
/// position at a time, each program counter at most once per position.
extension RegexProgram {
    /// Whether the whole of `subject` matches (ICU `matches()` semantics).
    package func matchesWhole(_ subject: String) -> Bool {
        var steps = 0
        return matchesWhole(subject, steps: &steps)
    }

    /// `matchesWhole`, also counting thread steps (`steps`): the work done,
    /// which is at most (subject scalars + 1) × program size.
    package func matchesWhole(_ subject: String, steps: inout Int) -> Bool {
        let text = Array(subject.unicodeScalars)
        var current = ThreadList(capacity: instructions.count)
        var next = ThreadList(capacity: instructions.count)
        var stack: [Int] = []
        var generation: UInt32 = 1
        var marks = [UInt32](repeating: 0, count: instructions.count)
        addThread(0, at: 0, text, into: &current, marks: &marks, generation: generation, stack: &stack)
        var position = 0
        while position < text.count {
            if current.count == 0 { return false }
            steps += current.count
            let c = text[position]
            let folded = folds ? RegexCase.fold(c) : c
            generation += 1
            next.removeAll()
            for k in 0..<current.count {
                let pc = current.items[k]
                let advances: Bool
                switch instructions[pc] {
                case .scalar(let s): advances = s == c
                case .foldedScalar(let s): advances = s == folded
                case .any: advances = true
                case .anyButTerminator: advances = !RegexCase.isLineTerminator(c)
                case .set(let i): advances = sets[i].contains(c)
                case .match, .assertion, .split, .jump: advances = false
                }
                if advances {
                    addThread(pc + 1, at: position + 1, text, into: &next, marks: &marks, generation: generation, stack: &stack)
                }
            }
            swap(&current, &next)
            position += 1
        }
        steps += current.count
        for k in 0..<current.count {
            if case .match = instructions[current.items[k]] { return true }
        }
        return false
    }

    /// Adds `start` and everything reachable from it by epsilon moves at
    /// `position` to `list`, each instruction once per generation.
    private func addThread(
        _ start: Int, at position: Int, _ text: [Unicode.Scalar], into list: inout ThreadList,
        marks: inout [UInt32], generation: UInt32, stack: inout [Int]
    ) {
        stack.append(start)
        while let pc = stack.popLast() {
            if marks[pc] == generation { continue }
            marks[pc] = generation
            switch instructions[pc] {
            case .jump(let target):
                stack.append(target)
            case .split(let a, let b):
                stack.append(b)
                stack.append(a)
            case .assertion(let assertion):
                if holds(assertion, at: position, text) { stack.append(pc + 1) }
            default:
                list.append(pc)
            }
        }
    }

    private func holds(_ assertion: RegexAssertion, at i: Int, _ text: [Unicode.Scalar]) -> Bool {
        let n = text.count
        switch assertion {
        case .startOfText:
            return i == 0
        case .endOfText:
            return i == n
        case .endOfTextOrFinalTerminator:
            if i == n { return true }
            if i == n - 1 { return RegexCase.isLineTerminator(text[i]) }
            return i == n - 2 && text[i] == "\r" && text[i + 1] == "\n"
        case .startOfLine:
            if i == 0 { return true }
            guard i < n, RegexCase.isLineTerminator(text[i - 1]) else { return false }
            return !(text[i - 1] == "\r" && text[i] == "\n")
        case .endOfLine:
            if i == n { return true }
            guard RegexCase.isLineTerminator(text[i]) else { return false }
            return !(text[i] == "\n" && i > 0 && text[i - 1] == "\r")
        case .wordBoundary, .notWordBoundary:
            let before = i > 0 && RegexCase.isWord(text[i - 1])
            let after = i < n && RegexCase.isWord(text[i])
            return (before != after) == (assertion == .wordBoundary)
        }
    }
}

/// A list of program counters with O(1) clear.
struct ThreadList {
    var items: [Int]
    var count = 0

    init(capacity: Int) { items = [Int](repeating: 0, count: capacity) }

    mutating func append(_ pc: Int) {
        items[count] = pc
        count += 1
    }

    mutating func removeAll() { count = 0 }
}
