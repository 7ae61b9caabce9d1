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
