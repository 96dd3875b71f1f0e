import Crypto

/// Signs requests the way casatwy's services do: a keyed hash of the API method and canonical
/// parameters, so a tampered request (or a wrong secret) is rejected by the server.
package enum RequestSigner {
    /// Lowercase hex HMAC-SHA256 keyed by `secret` over `method` + "\n" + `parameters.canonicalString`.
    package static func signature(secret: String, method: String, parameters: CanonicalParameters) -> String {
        let key = SymmetricKey(data: Array(secret.utf8))
        var message = Array(method.utf8)
        message.append(0x0A)
        message.append(contentsOf: parameters.canonicalString.utf8)
        let code = HMAC<SHA256>.authenticationCode(for: message, using: key)
        return hex(code)
    }

    /// Assembles and signs a request for `service`.
    package static func sign(
        service: Service, method: String, parameters: CanonicalParameters, attempt: Int
    ) -> SignedRequest {
        SignedRequest(
            service: service, method: method, parameters: parameters, attempt: attempt,
            signature: signature(secret: service.secret, method: method, parameters: parameters))
    }

    /// True when `request.signature` matches what `secret` gives; compared in constant time.
    package static func verify(_ request: SignedRequest, secret: String) -> Bool {
        let expected = Array(signature(secret: secret, method: request.method, parameters: request.parameters).utf8)
        let given = Array(request.signature.utf8)
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= expected[index] ^ given[index] }
        return difference == 0
    }

    /// Lowercase hex of the code's bytes, written straight into the string's storage (two ASCII
    /// digits a byte): appending scalars one by one was a tenth of a zero-latency request.
    private static func hex(_ code: HashedAuthenticationCode<SHA256>) -> String {
        code.withUnsafeBytes { bytes in
            String(unsafeUninitializedCapacity: bytes.count * 2) { output in
                for (index, byte) in bytes.enumerated() {
                    output[2 * index] = hexDigits[Int(byte >> 4)]
                    output[2 * index + 1] = hexDigits[Int(byte & 0xF)]
                }
                return bytes.count * 2
            }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
