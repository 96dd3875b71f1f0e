import Model
import Networking
import Tracing

/// The model layer's door to a listing's picture, the same in all four patterns: the role that
/// loads (MVC's controller, MVP's presenter, MVVM's view model, VIPER's interactor) asks for the
/// picture at `Listing.imageURL` with `loadPicture(at:delegate:)` and hears back as the load's
/// `PictureServiceDelegate`: a `Picture`, or a `LoadFailure` worded for a caption.
/// Memory, disk and the image service are the network layer's business; whether pictures load at
/// all on this network type is the model's, decided here once (casatwy: the network type is what
/// tells an app to spare its images).
@MainActor
package protocol PictureService: AnyObject {
    /// The picture at `url`: from a cache tier or the image service — on 2G and offline, from a
    /// cache tier only. The shared work under `loadPicture(at:delegate:)`, which roles call.
    func picture(at url: String) async throws(LoadFailure) -> Picture
}

/// Told how a picture load ended, casatwy's way: one callback for success, one for failure, the
/// delegate held weakly. A cancelled load calls neither.
@MainActor
package protocol PictureServiceDelegate: AnyObject {
    /// The picture landed.
    func pictureService(_ service: any PictureService, didLoad picture: Picture)
    /// It could not be had; `failure` says why, in words for a caption.
    func pictureService(_ service: any PictureService, didFailWith failure: LoadFailure)
}

/// A picture load in flight, as its caller keeps it: to cancel when the caller goes away.
@MainActor
package struct PictureLoad {
    fileprivate let task: Task<Void, Never>

    /// Drops the load: its request stops and its delegate hears nothing.
    package func cancel() {
        task.cancel()
    }
}

extension PictureService {
    /// Starts loading the picture at `url` for `delegate` (held weakly). The answer comes as soon as
    /// the picture is had — inside the call when nothing has to be waited for (a cache holds it).
    /// Swift concurrency stays in here, under the roles, where casatwy puts the shared work; the
    /// roles see only the delegate's two calls.
    @discardableResult
    package func loadPicture(at url: String, delegate: any PictureServiceDelegate) -> PictureLoad {
        PictureLoad(task: Task.immediate { [weak self, weak delegate] in
            guard let service = self else { return }
            let outcome: Result<Picture, LoadFailure>
            do throws(LoadFailure) {
                outcome = .success(try await service.picture(at: url))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self, let delegate else { return }
            switch outcome {
            case .success(let picture): delegate.pictureService(self, didLoad: picture)
            case .failure(let failure) where failure != .cancelled: delegate.pictureService(self, didFailWith: failure)
            case .failure: break
            }
        })
    }
}

/// The captions every pattern shows under the picture's place.
package enum PictureCaption {
    /// While the picture loads.
    package static let loading = "Loading picture…"
}

extension NetworkType {
    /// False where pictures are not downloaded (2G, offline): only a cached one shows.
    package var downloadsPictures: Bool {
        switch self {
        case .wifi, .cellular4G, .cellular3G: true
        case .cellular2G, .offline: false
        }
    }
}

/// The picture service over the environment's image loader: bytes from the loader, read into a
/// `Picture` by `PictureReformer`.
@MainActor
package final class ImagePictureService: PictureService {
    private let loader: ImageLoader
    /// Read, never observed: the type when a picture is asked for is what counts.
    private let networkStatus: any NetworkStatus
    private let reformer = PictureReformer()

    package init(loader: ImageLoader, networkStatus: any NetworkStatus) {
        self.loader = loader
        self.networkStatus = networkStatus
    }

    package func picture(at url: String) async throws(LoadFailure) -> Picture {
        let bytes: [UInt8]
        let networkType = networkStatus.networkType
        if networkType.downloadsPictures {
            do throws(APIError) {
                bytes = try await loader.image(at: url)
            } catch {
                let failure = LoadFailure(error)
                guard failure != .cancelled else { throw .cancelled }
                throw .failed(userMessage: "No picture: \(failure.userMessage)", shortName: failure.shortName)
            }
        } else if let cached = loader.cachedImage(at: url) {
            bytes = cached
        } else {
            @Traced(.model, self, "no picture: none cached, none downloaded on \(networkType.rawValue)") var call
            throw .failed(userMessage: networkType == .offline ? "No picture offline." : "Pictures are off on 2G.",
                          shortName: "pictures off")
        }
        do throws(PictureFormatError) {
            return try reformer.reform(bytes)
        } catch {
            // Bytes that are not a picture must not answer the next request from the cache too.
            loader.cache.remove(url)
            @Traced(.reformer, self, "not a picture: \(error.description)") var call
            throw .failed(userMessage: "No picture: the image service sent \(error.description).", shortName: "bad picture")
        }
    }
}

extension NetworkEnvironment {
    /// A picture service for one screen module.
    package func makePictureService() -> any PictureService {
        ImagePictureService(loader: images, networkStatus: makeNetworkStatus())
    }
}
