// Placeholder so the package builds while the Model layer is written; replaced by real code.
