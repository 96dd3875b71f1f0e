// Placeholder so the package builds while the Networking layer is written; replaced by real code.
