// Placeholder so the package builds while the Widgets layer is written; replaced by real code.
