extension Array where Element == UInt8 {
    /// Appends `n` as unsigned LEB128: seven bits a byte, low bits first, the
    /// high bit set on every byte but the last (one byte below 128). The
    /// compact byte forms of held records and of `infer`'s sample keys count
    /// and measure with it.
    mutating func appendLEB128(_ n: Int) {
        var n = UInt(n)
        while n >= 0x80 {
            append(UInt8(truncatingIfNeeded: n) | 0x80)
            n >>= 7
        }
        append(UInt8(n))
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Reads the unsigned LEB128 number `appendLEB128` wrote at `position`,
    /// and moves `position` past it.
    func readLEB128(at position: inout Int) -> Int {
        var n: UInt = 0
        var shift: UInt = 0
        while true {
            let byte = self[position]
            position += 1
            n |= UInt(byte & 0x7F) << shift
            if byte < 0x80 { return Int(n) }
            shift += 7
        }
    }
}
