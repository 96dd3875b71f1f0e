/// The image service: `image.get?url=…` answers the picture at a listing's `imageUrl`, as bytes
/// (a small binary PPM). Not an `APIDescriptor`: its replies are not JSON, are never reformed as
/// data and are cached by size rather than by age, so `ImageLoader` calls it.
package enum ImageAPI {
    /// The API method.
    package static let method = "image.get"
    /// The parameter carrying the picture's URL.
    package static let urlParameter = "url"
    /// A longer URL is refused before anything is sent.
    package static let urlLengthLimit = 2048
    /// A bigger reply is refused: no listing picture comes near it.
    package static let byteLimit = 64 << 10
}
