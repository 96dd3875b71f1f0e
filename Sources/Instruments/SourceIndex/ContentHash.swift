#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The hash `source-index.tsv` keys each file's text by: SourceIndexer writes it beside the index it
/// made, and the build's SourceCatalogGenerator embeds an entry only when the file's text still has
/// it, so a binary never carries an index made from other text.
package enum ContentHash {
    /// FNV-1a, 64 bits, in hex: a check that the text is the one indexed, not a cryptographic hash
    /// (swift-crypto would add its release build to every `make run`, through the plugin's tool).
    package static func of(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
