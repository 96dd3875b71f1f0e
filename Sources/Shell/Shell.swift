// Placeholder so the package builds while the Shell layer is written; replaced by real code.
