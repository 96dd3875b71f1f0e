// Placeholder so the package builds while the FakeServer layer is written; replaced by real code.
